// Create a profile: identity verification first (ID document + selfie, from a file or the
// camera, compressed here before upload), its claim secret kept for the steps after, then the
// profile form built from GET /web/options and checked with the server's own rules.
import { el, clear, announce } from '/shared/dom.js';
import { api, session, claims, slugLabel, ApiError } from './api.js';
import { compressImage, openCamera } from './images.js';
import { validateProfile, limits, userIdPattern } from './validate.js';

const reasonText = {
  no_face_in_selfie: 'No face was found in the selfie.', multiple_faces_in_selfie: 'The selfie shows more than one face.',
  no_face_on_document: 'No portrait was found on the document.', face_mismatch: 'The selfie and the document show different people.',
  weak_face_match: 'The faces match only weakly.', selfie_is_document_photo: 'The selfie is a photo of the document portrait.',
  profile_photo_mismatch: 'A profile photo shows someone else.', profile_photo_no_face: 'A profile photo shows no face.',
  no_document_detected: 'The ID image does not look like an identity document.', mrz_check_failed: 'The machine-readable zone did not check out.',
  mrz_unreadable: 'The machine-readable zone could not be read.', dob_unreadable: 'The date of birth could not be read.',
  dob_low_confidence: 'The date of birth was hard to read.', dob_from_typed_fallback: 'Only the typed date of birth was available.',
  dob_mismatch: 'The typed date of birth differs from the document.', document_expired: 'The document has expired.',
  underage: 'You must be 18 or older.', duplicate_face: 'This face is already verified on another account.',
  assistive_context_review: 'A person will review this attempt.', operator_approved: 'Approved by a reviewer.',
  operator_rejected: 'Rejected by a reviewer.',
};
const decisionBadge = { verified: 'ok', manual_review: 'warn', rejected: 'bad' };
const decisionText = { verified: 'Verified', manual_review: 'Pending review', rejected: 'Not verified' };

function fieldError(form, field, message) {
  form.querySelectorAll('.field-error').forEach((n) => n.remove());
  form.querySelectorAll('[aria-invalid]').forEach((n) => n.removeAttribute('aria-invalid'));
  if (!field) return;
  const input = form.querySelector(`[name="${field}"]`);
  const note = el('p.field-error', { id: `err-${field}`, role: 'alert' }, message);
  if (input) {
    const anchor = input.closest('fieldset') ?? input;
    anchor.after(note);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', `err-${field}`);
    input.focus();
  } else {
    form.prepend(note);
  }
}

/** A picture input: a file (on phones `capture` opens the camera) or a live camera still. */
function picturePicker(name, label, facing, maxSide) {
  let picked = null;
  const preview = el('img.preview', { alt: '', hidden: true });
  const info = el('p.hint', { 'aria-live': 'polite' });
  const video = el('video.camera', { playsinline: true, muted: true, hidden: true, 'aria-label': `${label} camera preview` });
  let camera = null;
  const input = el('input', { type: 'file', id: `f-${name}`, name, accept: 'image/jpeg,image/png,image/webp', capture: facing });
  async function use(blob, from) {
    info.textContent = 'Compressing…';
    picked = await compressImage(blob, { maxSide });
    preview.src = URL.createObjectURL(picked);
    preview.hidden = false;
    info.textContent = `${from}: ${(blob.size / 1024).toFixed(0)} kB → ${(picked.size / 1024).toFixed(0)} kB JPEG`;
  }
  input.addEventListener('change', () => { if (input.files[0]) use(input.files[0], 'File').catch(() => { info.textContent = 'That file is not an image.'; }); });
  const shoot = el('button', { type: 'button', hidden: true, onclick: async () => {
    await use(await camera.capture(), 'Camera');
    camera.stop(); camera = null; video.hidden = true; shoot.hidden = true;
  } }, 'Take photo');
  const cameraButton = el('button', { type: 'button', onclick: async () => {
    try {
      camera = await openCamera(video, facing);
      if (!camera) { info.textContent = 'No camera here; choose a file.'; return; }
      video.hidden = false; shoot.hidden = false;
    } catch { info.textContent = 'The camera is not available; choose a file.'; }
  } }, 'Use camera');
  const node = el('div.picker', {}, el('label', { for: `f-${name}` }, label), input, el('div.row', {}, cameraButton, shoot),
    video, preview, info);
  return { node, get blob() { return picked; }, stop() { camera?.stop(); } };
}

export async function onboardingScreen(root, status, { onDone, handleCommon }) {
  const options = await api.options();
  let decision = null;
  let userId = '';

  // Step 1: verification.
  const document = picturePicker('id_document', 'Photo of your ID document', 'environment', 2000);
  const selfie = picturePicker('selfie', 'A selfie', 'user', 1600);
  const result = el('div', { id: 'verify-result', 'aria-live': 'polite' });
  const verifyForm = el('form.card', { id: 'verify-form', novalidate: true, onsubmit: (e) => { e.preventDefault(); verify(); } },
    el('h2', { id: 'v-title' }, '1. Verify your identity'),
    el('p.muted', {}, 'Your ID and selfie are checked and then deleted; your date of birth is never shown to anyone.'),
    el('label', { for: 'userId' }, 'Choose a user name ', el('span.hint', {}, '(letters, digits, _ or -)')),
    el('input', { id: 'userId', name: 'user_id', required: true, maxlength: 64, pattern: '[A-Za-z0-9_-]{1,64}', autocomplete: 'username' }),
    el('label', { for: 'doc_type' }, 'Document type'),
    el('select', { id: 'doc_type', name: 'doc_type' }, [['state_id', 'State ID'], ['drivers_license', "Driver's licence"],
      ['passport', 'Passport'], ['id_card', 'ID card']].map(([v, t]) => el('option', { value: v }, t))),
    document.node, selfie.node,
    el('label', { for: 'dob' }, 'Date of birth ', el('span.hint', {}, '(optional; only used if the document cannot be read)')),
    el('input', { id: 'dob', name: 'dob', type: 'date' }),
    el('div.row', {}, el('button.primary', { type: 'submit', id: 'verify' }, 'Verify')), result);

  async function verify() {
    userId = verifyForm.querySelector('#userId').value.trim();
    if (!userIdPattern.test(userId)) return fieldError(verifyForm, 'user_id', "Use 1–64 letters, digits, '_' or '-'.");
    if (!document.blob) return fieldError(verifyForm, 'id_document', 'Add a photo of your ID document.');
    if (!selfie.blob) return fieldError(verifyForm, 'selfie', 'Add a selfie.');
    fieldError(verifyForm, null);
    const form = new FormData();
    form.append('user_id', userId);
    form.append('doc_type', verifyForm.querySelector('#doc_type').value);
    form.append('id_document', document.blob, 'document.jpg');
    form.append('selfie', selfie.blob, 'selfie.jpg');
    const dob = verifyForm.querySelector('#dob').value;
    if (dob) form.append('dob', dob);
    const button = verifyForm.querySelector('#verify');
    button.disabled = true;
    clear(result, el('p.notice.info', { role: 'status' }, 'Checking your documents… this takes a few seconds.'));
    try {
      decision = await api.verify(form, claims.get(userId));
      if (decision.claimToken) claims.set(userId, decision.claimToken);   // shown once: keep it
      showDecision();
    } catch (e) {
      if (handleCommon(e)) return;
      clear(result);
      const messages = {
        file_too_large: 'A picture is larger than 12 MB.', invalid_image: 'A picture could not be read; try another.',
        attempt_too_large: 'The pictures are too large together.', rate_limited: 'Too many attempts; try again later.',
        verification_busy: 'The verifier is busy; try again in a moment.', claim_required: 'This user name is taken.',
        invalid_claim: 'This user name is taken.', verification_unavailable: 'Verification is unavailable right now.',
      };
      const field = e.field ?? (e.code.startsWith('claim') || e.code === 'invalid_claim' ? 'user_id' : null);
      if (field) fieldError(verifyForm, field, messages[e.code] ?? e.message);
      else announce(result, messages[e.code] ?? `Verification failed (${e.code}).`, 'error');
    } finally {
      button.disabled = false;
    }
  }

  function showDecision() {
    clear(result, el('div.notice.info', { id: 'decision', dataset: { decision: decision.decision } },
      el('p', {}, el('span.badge.' + decisionBadge[decision.decision], {}, decisionText[decision.decision]),
        ` Trust score ${Math.round(decision.trustScore)}`),
      decision.reasons.length ? el('ul', {}, decision.reasons.map((r) => el('li', {}, reasonText[r] ?? r))) : null,
      decision.decision === 'manual_review' ? el('button', { type: 'button', onclick: refresh }, 'Check status again') : null,
      el('button.primary', { type: 'button', id: 'to-profile', onclick: () => profileStep() }, 'Continue to your profile')));
  }

  async function refresh() {
    try {
      decision = await api.verificationStatus(userId, claims.get(userId));
      showDecision();
    } catch (e) { if (!handleCommon(e)) announce(result, `Status unavailable (${e.code}).`, 'error'); }
  }

  // Step 2: the profile.
  function profileStep() {
    document.stop();
    selfie.stop();
    const boroughs = [...new Set(options.cityAreas.map((a) => a.borough))];
    const num = (id, label, attrs, value) => [el('label', { for: id }, label),
      el('input', { id, name: id, type: 'number', inputmode: 'numeric', value, ...attrs })];
    const form = el('form.card', { id: 'profile-form', novalidate: true, onsubmit: (e) => { e.preventDefault(); save(form); } },
      el('h2', {}, '2. Your profile'),
      el('p', {}, 'User name: ', el('strong', {}, userId)),
      el('label', { for: 'displayName' }, 'Name people see'),
      el('input', { id: 'displayName', name: 'displayName', maxlength: limits.maxName, required: true, autocomplete: 'given-name' }),
      num('ageDisplayed', 'Age', { min: 18, max: 99, required: true }, decision?.ageDisplayed ?? ''),
      el('label', { for: 'gender' }, 'Gender'),
      el('select', { id: 'gender', name: 'gender', required: true }, el('option', { value: '' }, 'Choose…'),
        options.genders.map((g) => el('option', { value: g }, g))),
      el('label', { for: 'orientation' }, 'Who you want to meet'),
      el('select', { id: 'orientation', name: 'orientation' }, el('option', { value: '' }, 'Choose genders below instead'),
        options.orientations.map((o) => el('option', { value: o }, o))),
      el('fieldset', { id: 'seeking' }, el('legend', {}, 'Or choose genders'),
        options.genders.map((g) => el('label', {}, el('input', { type: 'checkbox', name: 'seeking', value: g }), ` ${g}`))),
      el('label', {}, el('input', { type: 'checkbox', name: 'asexual', id: 'asexual' }), ' I am asexual'),
      el('label', {}, el('input', { type: 'checkbox', name: 'asexualOnly', id: 'asexualOnly' }), ' Show me only asexual people'),
      el('label', { for: 'intent' }, 'Looking for'),
      el('select', { id: 'intent', name: 'intent', required: true }, el('option', { value: '' }, 'Choose…'),
        options.intents.map((i) => el('option', { value: i }, slugLabel(i)))),
      el('label', { for: 'cityArea' }, 'Area'),
      el('select', { id: 'cityArea', name: 'cityArea', required: true }, el('option', { value: '' }, 'Choose…'),
        boroughs.map((b) => el('optgroup', { label: b },
          options.cityAreas.filter((a) => a.borough === b).map((a) => el('option', { value: a.name }, a.name))))),
      el('div.row', {},
        el('div', {}, num('ageMin', 'Youngest', { min: 18, max: 99 }, 25)),
        el('div', {}, num('ageMax', 'Oldest', { min: 18, max: 99 }, 40)),
        el('div', {}, num('maxDistanceKm', 'Distance (km)', { min: 1, max: 500 }, 30))),
      el('fieldset', { id: 'interests' }, el('legend', {}, `Interests (up to ${limits.maxInterests})`),
        options.interests.map((g) => el('fieldset.group', {}, el('legend', {}, g.label),
          g.interests.map((i) => el('label.check', {}, el('input', { type: 'checkbox', name: 'interests', value: i }), ` ${slugLabel(i)}`))))),
      el('label', { for: 'bio' }, 'About you ', el('span.hint', { id: 'bio-count' }, `(0/${limits.maxBio})`)),
      el('textarea', { id: 'bio', name: 'bio', rows: 3 }),
      el('div.row', {}, el('button.primary', { type: 'submit', id: 'save-profile' }, 'Create profile')));
    form.querySelector('#bio').addEventListener('input', (e) => {
      form.querySelector('#bio-count').textContent = `(${[...e.target.value].length}/${limits.maxBio})`;
    });
    clear(root, form);
    form.querySelector('h2').focus?.();
  }

  async function save(form) {
    const value = (n) => form.querySelector(`[name="${n}"]`).value;
    const checked = (n) => [...form.querySelectorAll(`[name="${n}"]:checked`)].map((i) => i.value);
    const profile = {
      userId, displayName: value('displayName').trim(), ageDisplayed: Number.parseInt(value('ageDisplayed'), 10),
      gender: value('gender'), intent: value('intent'), interests: checked('interests'), cityArea: value('cityArea'),
      ageMin: Number.parseInt(value('ageMin'), 10), ageMax: Number.parseInt(value('ageMax'), 10),
      maxDistanceKm: Number.parseFloat(value('maxDistanceKm')), asexual: form.querySelector('#asexual').checked,
      asexualOnly: form.querySelector('#asexualOnly').checked, bio: value('bio'),
    };
    const seeking = checked('seeking');
    if (value('orientation')) profile.orientation = value('orientation');
    else if (seeking.length) profile.seeking = seeking;
    const problem = validateProfile(profile, options);
    if (problem) return fieldError(form, problem.field, problem.message);
    fieldError(form, null);
    try {
      const answer = await api.saveProfile(profile, claims.get(userId));
      session.signIn(answer.viewerId, profile.displayName, answer.token);   // the token authenticates from now on
      claims.drop(userId);
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'invalid_request') return fieldError(form, e.field, e.message);
      if (e instanceof ApiError && e.code === 'verification_required') {
        return announce(status, 'Your identity must be verified before you can create a profile.', 'error');
      }
      if (e instanceof ApiError && (e.code === 'claim_required' || e.code === 'invalid_claim')) {
        return announce(status, 'This user name belongs to another verification. Start again with another name.', 'error');
      }
      if (!handleCommon(e)) announce(status, `The profile could not be saved (${e.code}).`, 'error');
    }
  }

  clear(root, verifyForm);
}
