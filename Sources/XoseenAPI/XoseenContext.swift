import Foundation
import Xoseen

/// What the routes share.
struct XoseenContext: Sendable {
    let profiles: ProfileStore
    let validation: ProfileValidation
    let authorizer: Authorizer
    let signer: TokenSigner
    let clock: @Sendable () -> Date
}
