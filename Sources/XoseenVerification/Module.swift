/// # XoseenVerification
///
/// Stage 1 of Xoseen: a real person plus a real ID document in, a trust decision out. Reads
/// the document (MRZ check digits, the date-of-birth field), compares faces, applies the
/// decision rules, and keeps the only copy of the date of birth and the face descriptors.
/// No HTTP here: `XoseenAPI` exposes it.
