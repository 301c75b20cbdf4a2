/// # Xoseen
///
/// The dating domain, free of HTTP: identity (profiles, tokens, the auth policy),
/// verification, ranking, matching, chat safety, assists. The API layer translates wire
/// DTOs to these types.
public enum XoseenDomain {}
