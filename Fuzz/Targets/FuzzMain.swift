import Foundation
import Logging

#if FUZZING
// libFuzzer's entry points. The target is chosen once, from FUZZ_TARGET, before the first input.
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    if name == "--list" {  // for scripts/fuzz.sh: name, -max_len, -detect_leaks
        print(FuzzTargets.all.map { "\($0.name) \($0.maxLength) \($0.detectLeaks ? 1 : 0)" }.joined(separator: "\n"))
        exit(0)
    }
    guard let target = FuzzTargets.named(name) else {
        FileHandle.standardError.write(Data("set FUZZ_TARGET to one of:\n\(FuzzTargets.listing)\n".utf8))
        exit(2)
    }
    LogSystem.bootstrap(level: .critical)  // parser and server logs would drown libFuzzer's
    target.prepare()
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected!.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target's entry point as `main` itself, so libFuzzer's own `main`
/// is not used: this one hands the command line to libFuzzer's driver instead.
@main
struct FuzzDriver {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) })
    }
}
#else
/// Without libFuzzer: `Fuzzers <target> <file or directory>…` runs each input once (a corpus, a
/// crash file) and says how many ran; `Fuzzers --list` names the targets.
@main
struct FuzzReplay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, name != "--list", let target = FuzzTargets.named(name) else {
            print("usage: Fuzzers <target> <file or directory>…\ntargets:\n\(FuzzTargets.listing)")
            exit(arguments.first == "--list" ? 0 : 2)
        }
        LogSystem.bootstrap(level: .critical)
        target.prepare()
        var count = 0
        for path in arguments.dropFirst() {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                data.withUnsafeBytes { target.run($0) }
                count += 1
            }
        }
        print("\(target.name): \(count) inputs replayed, no crash")
        exit(0)
    }

    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
#endif
