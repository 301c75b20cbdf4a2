/// # Vision
///
/// Images in, facts out, all on this machine's CPU: decoding with Leptonica (format sniffing,
/// a dimension check before any pixel is decoded), faces with dlib (HOG detector, 5-point
/// landmarks, ResNet descriptors; `CDlibFace`), text with Tesseract. Knows nothing of users or
/// decisions; `XoseenVerification` turns these facts into a trust decision.
