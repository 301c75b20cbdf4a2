import CMicroHTTPD
import Foundation
import Synchronization

/// The life of one request inside the transport, from the request line to the completion
/// notice: headers, body accumulation, dispatch to the handler, and the hand-back of its
/// response to MHD.
///
/// One per connection, reused for each of its requests (`begin` resets it): a keep-alive
/// connection's requests run one after another, and reuse saves the object's allocation and
/// lets the header list keep its storage. The connection callback creates it when MHD
/// accepts the connection and drops it when MHD closes it (see `MHDCallbacks`).
///
/// Threading: MHD calls in for a given connection from one worker thread at a time, so the
/// plain `var`s are only touched there. The handler's task may finish on another thread;
/// what it shares with MHD (`completion`) sits behind a Mutex. A task that still holds the
/// exchange after its answer only holds a reference: it touches nothing once `finish` has
/// returned, and MHD starts the connection's next request only after that answer is sent.
final class Exchange: @unchecked Sendable {
    enum Phase { case new, receiving, dispatched, responded }
    enum Completion {
        case running
        case suspended
        case finished(Response)
    }

    /// The in-flight count of the worker thread that owns the connection.
    let counter: InFlightCounter.Slot
    /// True for an exchange made for one request only (no connection context; released in
    /// `completed`).
    let isOneOff: Bool
    var startedAt: UInt64 = 0
    var phase = Phase.new
    var method = HTTPMethod.get
    var path = ""
    var query = ""
    var headers = HTTPHeaders()
    var route: RouteReference?
    var parameters = PathParameters()
    /// An error decided before the handler could run (404, 405, 413, malformed body…);
    /// answered once the body has been drained.
    var pendingError: HTTPError?
    var body = Data()
    var bodyLimit = 0
    var drainedBytes = 0
    /// The request's framing was ambiguous (see `RequestFraming`): answered 400, connection closed.
    var framingRejected = false
    var multipart: MultipartReader?
    var connection: OpaquePointer?
    /// For the access log.
    var status = 0
    var bytesSent: UInt64 = 0
    let completion = Mutex(Completion.running)
    /// When the request in progress must have arrived (monotonic ns; 0: none). Written by the
    /// MHD thread, read by `RequestDeadlines`' sweeper.
    let deadline = Atomic<UInt64>(0)
    /// The connection's socket while `RequestDeadlines` tracks it, else -1.
    var socket: Int32 = -1
    /// Body bytes received when the current body window began (see `RequestDeadlines`).
    var bodyWindowStartBytes = 0
    /// Body bytes received so far (for the minimum-rate deadline and the drain cap).
    var receivedBytes = 0
    /// The connection became a WebSocket: no request deadlines any more.
    var isUpgraded = false

    init(counter: InFlightCounter.Slot, isOneOff: Bool = false) {
        self.counter = counter
        self.isOneOff = isOneOff
    }

    /// Starts the next request. `target` is the request target as sent (`/path?query`),
    /// split here over its bytes. What `end` lets go of (body, upload, pending error,
    /// completion) is already reset: MHD reports every request's completion before the
    /// connection's next one starts.
    func begin(target: UnsafeBufferPointer<UInt8>, startedAt: UInt64) {
        self.startedAt = startedAt
        phase = .new
        method = .get
        let question = target.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex
        let pathEnd = target[..<question].firstIndex(of: UInt8(ascii: "#")) ?? question
        path = String(decoding: UnsafeBufferPointer(rebasing: target[..<pathEnd]), as: UTF8.self)
        query =
            question < target.endIndex
            ? String(decoding: UnsafeBufferPointer(rebasing: target[(question + 1)...]), as: UTF8.self) : ""
        route = nil
        parameters.removeAll()
        bodyLimit = 0
        drainedBytes = 0
        receivedBytes = 0
        framingRejected = false
        status = 0
        bytesSent = 0
        assert(pendingError == nil && multipart == nil && body.isEmpty, "the previous request was not ended")
    }

    /// The request is over: lets go of what it alone needed (its spooled upload files are
    /// removed by then). The small fields are reset by the next `begin`.
    func end() {
        // Checked first: most requests have none of these, and clearing one is an outlined call.
        if multipart != nil { multipart = nil }
        if pendingError != nil { pendingError = nil }
        if !body.isEmpty { body = Data() }
        completion.withLock { $0 = .running }
    }

    /// Appends body bytes under the cap; past it, remembers a 413 and drains the rest.
    /// A multipart body is held to its total cap as it streams (a chunked one declares no
    /// length to refuse up front); once it fails, its spooled files go at once, not when the
    /// drain ends.
    func receive(_ data: UnsafePointer<CChar>, count: Int) {
        if let multipart {
            if pendingError == nil {
                if receivedBytes > bodyLimit {
                    pendingError = HTTPError(
                        .payloadTooLarge, code: .payloadTooLarge,
                        message: "Upload is larger than \(bodyLimit / (1024 * 1024)) MB in total.")
                } else {
                    multipart.consume(data, count: count)
                    pendingError = multipart.failure
                }
                if pendingError != nil { multipart.discard() }
            } else {
                drainedBytes += count
            }
            return
        }
        if pendingError != nil {
            drainedBytes += count
            return
        }
        guard body.count + count <= bodyLimit else {
            body = Data()
            drainedBytes += count
            pendingError = HTTPError(
                .payloadTooLarge, code: .payloadTooLarge,
                message: "Request body is larger than \(bodyLimit) bytes.")
            return
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { body.append($0, count: count) }
    }

    /// The handler's task calls this with its answer. Returns true when MHD must be told
    /// to resume the (suspended) connection.
    func finish(_ response: Response) -> Bool {
        completion.withLock { state in
            let wasSuspended: Bool
            if case .suspended = state { wasSuspended = true } else { wasSuspended = false }
            state = .finished(response)
            return wasSuspended
        }
    }
}
