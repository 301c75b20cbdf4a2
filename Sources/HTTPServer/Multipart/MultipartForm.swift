import Foundation

/// Limits for a `multipart/form-data` route, enforced while the body streams in.
public struct MultipartLimits: Sendable {
    /// Largest single file; a file that grows past it stops the upload with 413 `file_too_large`.
    public var maxFileBytes: Int
    /// Largest whole body; a `Content-Length` above it is refused before any byte is read.
    public var maxTotalBytes: Int
    public var maxFiles: Int
    public var maxFields: Int
    /// Largest non-file field value.
    public var maxFieldBytes: Int

    public init(
        maxFileBytes: Int = 12 * 1024 * 1024, maxTotalBytes: Int? = nil, maxFiles: Int = 16,
        maxFields: Int = 64, maxFieldBytes: Int = 64 * 1024
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes ?? (maxFileBytes * maxFiles + 1024 * 1024)
        self.maxFiles = maxFiles
        self.maxFields = maxFields
        self.maxFieldBytes = maxFieldBytes
    }
}

/// A received multipart body: text fields in memory, files spooled to a private temporary
/// directory. Spooled files are deleted when the request completes; a handler that keeps
/// one moves it elsewhere first (`FileManager.moveItem`).
public struct MultipartForm: Sendable {
    public struct File: Sendable {
        public let fieldName: String
        public let filename: String
        public let contentType: String
        /// Where the bytes are on disk while the request lives.
        public let path: String
        public let size: Int
    }

    public internal(set) var fields: [(name: String, value: String)] = []
    public internal(set) var files: [File] = []

    public init() {}

    /// The first value of a text field.
    public func field(_ name: String) -> String? { fields.first(where: { $0.name == name })?.value }

    public func fields(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// The first file sent under this field name.
    public func file(_ name: String) -> File? { files.first(where: { $0.fieldName == name }) }

    /// Every file sent under this field name (repeated fields such as `profile_photos`).
    public func files(_ name: String) -> [File] { files.filter { $0.fieldName == name } }

    /// A required text field, or a 422 naming it.
    public func requireField(_ name: String) throws(HTTPError) -> String {
        guard let value = field(name), !value.isEmpty else {
            throw HTTPError.invalid("Missing required field '\(name)'.", field: name)
        }
        return value
    }

    /// A required file, or a 422 naming it.
    public func requireFile(_ name: String) throws(HTTPError) -> File {
        guard let file = file(name), file.size > 0 else {
            throw HTTPError.invalid("Missing required file '\(name)'.", field: name)
        }
        return file
    }
}
