import CMicroHTTPD
import Foundation

/// Feeds one request's body through libmicrohttpd's post processor and spools each file
/// part to disk as it arrives, enforcing `MultipartLimits` byte by byte. Lives on the MHD
/// thread that owns the connection; never touched concurrently.
final class MultipartReader {
    private var processor: OpaquePointer?
    private let limits: MultipartLimits
    private let directory: String
    private(set) var form = MultipartForm()
    /// The first limit breached; the rest of the body is then drained and ignored.
    private(set) var failure: HTTPError?

    private var current: Part?
    private var spooled: [String] = []
    private var fieldCount = 0

    private struct Part {
        let name: String
        let filename: String?
        let contentType: String
        var fd: Int32 = -1
        var path: String = ""
        var size = 0
        var text: [UInt8] = []
    }

    /// nil when the body is not `multipart/form-data` (or urlencoded) — MHD returns NULL then.
    init?(connection: OpaquePointer, limits: MultipartLimits, directory: String) {
        self.limits = limits
        self.directory = directory
        let cls = Unmanaged.passUnretained(self).toOpaque()
        guard let pp = MHD_create_post_processor(connection, 64 * 1024, MultipartReader.iterator, cls) else { return nil }
        processor = pp
    }

    deinit {
        if let processor { MHD_destroy_post_processor(processor) }
        abandonCurrent()
        removeSpooledFiles()
    }

    /// One chunk of the body as received.
    func consume(_ data: UnsafePointer<CChar>, count: Int) {
        guard failure == nil, let processor else { return }
        if MHD_post_process(processor, data, count) == MHD_Result.NO, failure == nil {
            failure = HTTPError.invalid("Malformed multipart body.")
        }
    }

    /// Called once the body is complete: flushes the last part and returns the form.
    func finish() -> Result<MultipartForm, HTTPError> {
        if let processor {
            MHD_destroy_post_processor(processor)
            self.processor = nil
        }
        if failure == nil { finishCurrent() }
        if let failure {
            abandonCurrent()
            removeSpooledFiles()
            return .failure(failure)
        }
        return .success(form)
    }

    /// The upload was refused: stops parsing and deletes what was spooled.
    func discard() {
        if let processor {
            MHD_destroy_post_processor(processor)
            self.processor = nil
        }
        if failure == nil { failure = HTTPError(.payloadTooLarge, code: .payloadTooLarge, message: "Upload refused.") }
        abandonCurrent()
        removeSpooledFiles()
    }

    /// Deletes whatever is still spooled (the handler moved what it keeps).
    func removeSpooledFiles() {
        for path in spooled { unlink(path) }
        spooled.removeAll()
    }

    private func fail(_ error: HTTPError) {
        guard failure == nil else { return }
        failure = error
        abandonCurrent()
    }

    private func handle(
        key: String, filename: String?, contentType: String?, data: UnsafePointer<CChar>?, offset: UInt64, size: Int
    ) -> Bool {
        if current == nil || current?.name != key || current?.filename != filename || (offset == 0 && current!.size > 0) {
            finishCurrent()
            guard failure == nil else { return false }
            if let filename {
                guard form.files.count < limits.maxFiles else {
                    fail(
                        HTTPError(
                            .payloadTooLarge, code: .payloadTooLarge, message: "Too many files (at most \(limits.maxFiles))."))
                    return false
                }
                var part = Part(name: key, filename: filename, contentType: contentType ?? "application/octet-stream")
                part.path = "\(directory)/upload-\(UUID().uuidString)"
                part.fd = open(part.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard part.fd >= 0 else {
                    fail(HTTPError(.internalServerError, code: .internalError, message: "Upload could not be stored."))
                    return false
                }
                spooled.append(part.path)
                current = part
            } else {
                fieldCount += 1
                guard fieldCount <= limits.maxFields else {
                    fail(
                        HTTPError(
                            .payloadTooLarge, code: .payloadTooLarge, message: "Too many fields (at most \(limits.maxFields))."))
                    return false
                }
                current = Part(name: key, filename: nil, contentType: contentType ?? "text/plain")
            }
        }
        guard size > 0, let data else { return true }
        let newSize = current!.size + size
        if current!.filename != nil {
            guard newSize <= limits.maxFileBytes else {
                fail(
                    HTTPError(
                        .payloadTooLarge, code: .fileTooLarge,
                        message: "File '\(key)' is larger than \(limits.maxFileBytes / (1024 * 1024)) MB.", field: key))
                return false
            }
            var written = 0
            while written < size {
                let n = write(current!.fd, data + written, size - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    fail(HTTPError(.internalServerError, code: .internalError, message: "Upload could not be stored."))
                    return false
                }
                written += n
            }
        } else {
            guard newSize <= limits.maxFieldBytes else {
                fail(
                    HTTPError(
                        .payloadTooLarge, code: .payloadTooLarge,
                        message: "Field '\(key)' is longer than \(limits.maxFieldBytes) bytes.", field: key))
                return false
            }
            data.withMemoryRebound(to: UInt8.self, capacity: size) {
                current!.text.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
            }
        }
        current!.size = newSize
        return true
    }

    private func finishCurrent() {
        guard let part = current else { return }
        current = nil
        if let filename = part.filename {
            close(part.fd)
            form.files.append(
                .init(fieldName: part.name, filename: filename, contentType: part.contentType, path: part.path, size: part.size))
        } else {
            guard let value = String(validating: part.text, as: UTF8.self) else {
                fail(HTTPError.invalid("Field '\(part.name)' is not valid UTF-8.", field: part.name))
                return
            }
            form.fields.append((name: part.name, value: value))
        }
    }

    private func abandonCurrent() {
        guard let part = current else { return }
        current = nil
        if part.fd >= 0 {
            close(part.fd)
            unlink(part.path)
        }
    }

    /// MHD's post-processor iterator; `cls` is the reader (unretained: the exchange owns it).
    private static let iterator: MHD_PostDataIterator = { cls, _, key, filename, contentType, _, data, offset, size in
        guard let cls, let key else { return MHD_Result.NO }
        let reader = Unmanaged<MultipartReader>.fromOpaque(cls).takeUnretainedValue()
        let ok = reader.handle(
            key: String(cString: key), filename: filename.map { String(cString: $0) },
            contentType: contentType.map { String(cString: $0) }, data: data, offset: offset, size: size)
        return ok ? MHD_Result.YES : MHD_Result.NO
    }
}
