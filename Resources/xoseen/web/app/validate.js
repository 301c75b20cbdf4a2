// The profile rules of ProfileValidation (the server's 422s), checked before sending so the
// form can point at the field at once. The server stays the authority: its 422 names the
// field too, and the form shows it the same way.

export const limits = { ageMin: 18, ageMax: 99, maxInterests: 12, maxBio: 500, maxName: 40, distanceMin: 1, distanceMax: 500 };
export const userIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The first problem as {field, message}, or null. `options` is GET /web/options. */
export function validateProfile(p, options) {
  const fail = (field, message) => ({ field, message });
  if (!userIdPattern.test(p.userId ?? '')) return fail('userId', "Use 1–64 letters, digits, '_' or '-'.");
  const name = (p.displayName ?? '').trim();
  if (!name) return fail('displayName', 'Enter the name people will see.');
  if ([...name].length > limits.maxName) return fail('displayName', `At most ${limits.maxName} characters.`);
  if (!Number.isInteger(p.ageDisplayed) || p.ageDisplayed < limits.ageMin || p.ageDisplayed > limits.ageMax) {
    return fail('ageDisplayed', 'Age must be between 18 and 99.');
  }
  if (!options.intents.includes(p.intent)) return fail('intent', 'Choose what you are looking for.');
  const vocabulary = new Set(options.interests.flatMap((g) => g.interests));
  if (p.interests.length > limits.maxInterests) return fail('interests', `Choose at most ${limits.maxInterests} interests.`);
  const unknown = p.interests.find((i) => !vocabulary.has(i));
  if (unknown) return fail('interests', `Unknown interest '${unknown}'.`);
  if (!options.cityAreas.some((a) => a.name === p.cityArea)) return fail('cityArea', 'Choose your area from the list.');
  for (const key of ['ageMin', 'ageMax']) {
    if (!Number.isInteger(p[key]) || p[key] < limits.ageMin || p[key] > limits.ageMax) return fail(key, 'Between 18 and 99.');
  }
  if (p.ageMin > p.ageMax) return fail('ageMin', 'The youngest age must not exceed the oldest.');
  if (!Number.isFinite(p.maxDistanceKm) || p.maxDistanceKm < limits.distanceMin || p.maxDistanceKm > limits.distanceMax) {
    return fail('maxDistanceKm', 'Distance must be between 1 and 500 km.');
  }
  if (!options.genders.includes(p.gender)) return fail('gender', 'Choose your gender.');
  if (p.seeking !== undefined) {
    if (!p.seeking.length) return fail('seeking', 'Choose at least one gender, or pick an orientation instead.');
    const bad = p.seeking.find((g) => !options.genders.includes(g));
    if (bad) return fail('seeking', `Unknown gender '${bad}'.`);
  }
  if (p.orientation !== undefined && !options.orientations.includes(p.orientation)) return fail('orientation', 'Choose an orientation.');
  if ([...(p.bio ?? '').trim()].length > limits.maxBio) return fail('bio', `At most ${limits.maxBio} characters.`);
  return null;
}
