/// # Xoseen
///
/// The dating domain, free of HTTP: identity (profiles, tokens, the auth policy), discovery and
/// ranking, learning, matching, chat and its safety scanner, assists, the seed population. Identity
/// verification (documents, faces, the trust decision) is its own module, `XoseenVerification`.
/// The API layer (`XoseenAPI`) translates wire DTOs to these types.
public enum XoseenDomain {}
