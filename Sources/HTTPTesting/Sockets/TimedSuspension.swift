/// Parks the current task on a continuation that someone else resumes, with a timeout and cancellation.
///
/// Used for both socket readiness (resumed by `SocketReactor`) and WebSocket events (resumed by the
/// reader). Whoever removes the continuation from its owner's table resumes it, exactly once:
/// `park` stores it, `abandon` removes it (if still there) and resumes it with the given error.
func suspend<Value: Sendable>(
    timeout: Duration?,
    timeoutError: any Error,
    park: (CheckedContinuation<Value, any Error>) -> Void,
    abandon: @escaping @Sendable (any Error) -> Void
) async throws -> Value {
    var timer: Task<Void, Never>?
    defer { timer?.cancel() }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            park(continuation)
            // Armed after parking, so the timer can never fire before there is something to abandon.
            if let timeout {
                timer = Task {
                    try? await Task.sleep(for: timeout)
                    if !Task.isCancelled { abandon(timeoutError) }
                }
            }
            // Cancellation that raced ahead of `park` found nothing to abandon; catch it here.
            if Task.isCancelled { abandon(CancellationError()) }
        }
    } onCancel: {
        abandon(CancellationError())
    }
}
