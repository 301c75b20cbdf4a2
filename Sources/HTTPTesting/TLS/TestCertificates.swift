import Foundation

/// Self-signed certificates for `localhost` / 127.0.0.1, made with the `openssl` command at test time
/// (nothing is checked in). `shared` makes two once per process: `first` and `second` (for reload
/// tests), and `trustBundle`, a PEM file trusting both, so tests running side by side in one process
/// verify whichever of the two a server presents at that moment.
public struct TestCertificates: Sendable {
    public struct Pair: Sendable {
        public let certificateFile: String
        public let keyFile: String
    }

    public let directory: String
    public let first: Pair
    public let second: Pair
    public let trustBundle: String

    public static let shared: Result<TestCertificates, TLSTestError> = Result { () throws(TLSTestError) in try make() }

    public static func make() throws(TLSTestError) -> TestCertificates {
        let directory = NSTemporaryDirectory() + "test-certificates-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw TLSTestError("cannot create \(directory): \(error)")
        }
        let first = try generate(in: directory, name: "first")
        let second = try generate(in: directory, name: "second")
        let bundle = directory + "/trusted.pem"
        let both =
            (FileManager.default.contents(atPath: first.certificateFile) ?? Data())
            + (FileManager.default.contents(atPath: second.certificateFile) ?? Data())
        guard FileManager.default.createFile(atPath: bundle, contents: both) else { throw TLSTestError("cannot write \(bundle)") }
        return TestCertificates(directory: directory, first: first, second: second, trustBundle: bundle)
    }

    /// An ECDSA P-256 key and a one-day certificate for CN=localhost with both names in subjectAltName.
    public static func generate(in directory: String, name: String) throws(TLSTestError) -> Pair {
        let pair = Pair(certificateFile: "\(directory)/\(name).crt", keyFile: "\(directory)/\(name).key")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", pair.keyFile, "-out", pair.certificateFile, "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw TLSTestError("cannot run /usr/bin/openssl: \(error)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TLSTestError("openssl req failed (\(process.terminationStatus))") }
        return pair
    }
}
