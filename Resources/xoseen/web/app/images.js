// Images are compressed in the browser before upload (the seed: never send raw camera
// output): decoded, scaled so the longer side is at most `maxSide` (the verifier works at
// 1280 px for faces and 1800 px for documents), and re-encoded as JPEG. A 12 MB camera
// photo becomes a few hundred kB.

export const uploadLimitBytes = 12 * 1024 * 1024;

export async function compressImage(blob, { maxSide = 1600, quality = 0.85 } = {}) {
  const bitmap = await createImageBitmap(blob);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close?.();
  for (let q = quality; ; q -= 0.15) {
    const out = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', Math.max(0.4, q)));
    if (out.size <= uploadLimitBytes || q <= 0.4) return out;
  }
}

/** A still from the camera (getUserMedia: loopback and HTTPS only), or null when unavailable. */
export async function openCamera(video, facingMode = 'user') {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode }, audio: false });
  video.srcObject = stream;
  await video.play();
  return {
    async capture() {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d').drawImage(video, 0, 0);
      return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    },
    stop() { stream.getTracks().forEach((t) => t.stop()); video.srcObject = null; },
  };
}
