import CMicroHTTPD
import Foundation
import Logging

/// The C entry points handed to libmicrohttpd. Each turns its `void *` back into the Swift
/// object it was given and calls into `ServerCore`; no logic lives here.
///
/// Ownership: `ServerCore` is retained by `HTTPServer` for the daemon's lifetime. Each
/// connection's `Exchange` is retained in `connection` when MHD accepts the connection and
/// released there when MHD closes it; `uriLog` hands MHD that same exchange, unretained, as
/// each request's context. (Should a connection ever come without one, `uriLog` makes a
/// one-off exchange, retained, and `completed` — which MHD calls exactly once for every
/// request that reached `uriLog` — releases it.)
///
/// The request callbacks borrow the core and the exchange (`_withUnsafeGuaranteedRef`)
/// instead of retaining them for the call: both are kept alive as described above, and the
/// core is shared by every worker thread, so each retain/release pair would bounce its
/// reference count between cores (about a tenth of a small request's user time, in `perf`).
enum MHDCallbacks {
    static func core(_ cls: UnsafeMutableRawPointer?) -> ServerCore {
        Unmanaged<ServerCore>.fromOpaque(cls!).takeUnretainedValue()
    }

    static func withCore<Result>(_ cls: UnsafeMutableRawPointer?, _ body: (ServerCore) -> Result) -> Result {
        Unmanaged<ServerCore>.fromOpaque(cls!)._withUnsafeGuaranteedRef(body)
    }

    static let connection: MHD_NotifyConnectionCallback = { cls, connection, socketContext, event in
        guard let socketContext else { return }
        if event == .CONNECTION_NOTIFY_STARTED {
            let exchange = withCore(cls) { core in
                let exchange = core.makeExchange()
                if let connection {
                    core.deadlines.track(exchange, fd: cmhd_connection_fd(connection), now: ServerCore.monotonicNanoseconds())
                }
                return exchange
            }
            socketContext.pointee = Unmanaged.passRetained(exchange).toOpaque()
        } else if let raw = socketContext.pointee {
            socketContext.pointee = nil
            let exchange = Unmanaged<Exchange>.fromOpaque(raw)
            withCore(cls) { core in exchange._withUnsafeGuaranteedRef { core.deadlines.untrack($0) } }
            exchange.release()
        }
    }

    static let uriLog:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
            cls, uri, connection in
            let length = uri.map { strlen($0) } ?? 0
            return withCore(cls) { core in
                let context: Unmanaged<Exchange>
                if let connection, let raw = cmhd_socket_context(connection) {
                    context = Unmanaged<Exchange>.fromOpaque(raw)
                } else {
                    context = Unmanaged.passRetained(core.makeExchange(isOneOff: true))
                }
                context._withUnsafeGuaranteedRef { exchange in
                    guard let uri else { return core.begin(exchange, target: UnsafeBufferPointer(start: nil, count: 0)) }
                    uri.withMemoryRebound(to: UInt8.self, capacity: length) {
                        core.begin(exchange, target: UnsafeBufferPointer(start: $0, count: length))
                    }
                }
                return context.toOpaque()
            }
        }

    static let access: MHD_AccessHandlerCallback = { cls, connection, _, method, version, upload, uploadSize, context in
        guard let connection, let context, let raw = context.pointee, let uploadSize else { return MHD_Result.NO }
        return withCore(cls) { core in
            Unmanaged<Exchange>.fromOpaque(raw)._withUnsafeGuaranteedRef { exchange in
                core.access(
                    exchange, connection: connection, method: method, version: version, upload: upload,
                    uploadSize: uploadSize)
            }
        }
    }

    static let completed: MHD_RequestCompletedCallback = { cls, _, context, termination in
        guard let context, let raw = context.pointee else { return }
        context.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(raw)
        let isOneOff = exchange._withUnsafeGuaranteedRef { exchange in
            withCore(cls) { $0.complete(exchange, termination: termination) }
            return exchange.isOneOff
        }
        if isOneOff { exchange.release() }
    }

    /// MHD is done with a `ResponseBytes` body (the answer is sent or dropped): drops the
    /// reference `ServerCore.queue` gave it.
    static let releaseBody: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<ResponseBytes.Storage>.fromOpaque(cls).release()
    }

    static let upgrade: MHD_UpgradeHandler = { cls, _, _, extraIn, extraInSize, socket, handle in
        guard let cls, let handle else { return }
        let context = Unmanaged<UpgradeContext>.fromOpaque(cls).takeRetainedValue()
        let extra =
            extraInSize > 0 && extraIn != nil
            ? Array(UnsafeRawBufferPointer(start: extraIn, count: extraInSize)) : []
        context.core.loop.adopt(
            socket: socket, handle: handle, extraInput: extra, request: context.request,
            upgrade: context.upgrade)
    }

    /// `cls` is the `HTTPHeaders` being filled, on the iterating caller's stack.
    /// MHD passes the lengths, so the strings are built without measuring them again.
    static let collectHeader: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let cls, let key else { return MHD_Result.YES }
        cls.assumingMemoryBound(to: HTTPHeaders.self).pointee.add(string(key, keySize), value.map { string($0, valueSize) } ?? "")
        return MHD_Result.YES
    }

    private static func string(_ bytes: UnsafePointer<CChar>, _ count: Int) -> String {
        bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    /// Every libmicrohttpd panic is fatal: it is logged, then the process aborts (MHD's panic
    /// call does not return). The one benign panic — the quiesce race — never reaches here:
    /// the C shim's `cmhd_panic` jumps out of `MHD_quiesce_daemon` for it (see shim.h).
    static let panic: MHD_PanicCallback = { _, file, line, reason in
        let text = reason.map { String(cString: $0) } ?? ""
        Logger(label: "libmicrohttpd").critical(
            "panic",
            [
                "file": file.map { String(cString: $0) } ?? "", "line": "\(line)",
                "reason": text,
            ])
        abort()
    }

    static let log: MHD_LogCallback = { _, format, arguments in
        guard let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            .trimmingCharacters(in: .whitespacesAndNewlines)
        Logger(label: "libmicrohttpd").warning(message)
    }
}
