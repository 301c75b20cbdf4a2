/// # Fuzzers
///
/// libFuzzer targets for the code that reads hostile bytes: feed documents, HTML, dates, cursors,
/// JSON bodies, MRZ lines, multipart bodies, WebSocket frames. One executable holds every target;
/// `FUZZ_TARGET` picks one (`scripts/fuzz.sh` runs them in turn, `docs/fuzzing.md` explains).
///
/// Built with `-sanitize=fuzzer,address -DFUZZING` the executable is a libFuzzer binary. In a normal
/// debug build it replays files instead (`Fuzzers <target> <file or directory>…`), so a crash input
/// can be re-run under the debugger without the sanitizer toolchain.
import Foundation

/// One fuzz target: a name, and what one input does to the code under test. `run` must not keep
/// state between inputs (beyond what `prepare` set up), so a crash reproduces from its input alone.
struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    /// Default `-max_len` for libFuzzer (bytes): large enough for the structure the target reads.
    var maxLength = 4096
    /// libFuzzer's per-input leak check. Off for the loopback-server targets: their server threads
    /// allocate between inputs, which that check would blame on the input.
    var detectLeaks = true
    /// One-time set-up before the first input (a loopback server, a store).
    var prepare: @Sendable () -> Void = {}
    let run: @Sendable (UnsafeRawBufferPointer) -> Void
}

enum FuzzTargets {
    static let all: [FuzzTarget] = JarvisTargets.all + XoseenTargets.all + ServerTargets.all

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    static var listing: String {
        all.map { "  \($0.name.padding(toLength: 16, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n")
    }
}

/// A property the code under test promises; breaking it is a finding like a crash.
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("fuzz property violated: \(message())\n".utf8))
        abort()
    }
}

/// `FUZZ_VERBOSE=1`: what each input did (for reading a reproduced crash, not for fuzzing).
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] == "1"
func trace(_ message: @autoclosure () -> String) {
    if verbose { FileHandle.standardError.write(Data((message() + "\n").utf8)) }
}

extension UnsafeRawBufferPointer {
    /// The input as text the way a server receives it (invalid UTF-8 repaired, as `String(decoding:)` does).
    var text: String { String(decoding: self, as: UTF8.self) }
    var data: Data { Data(self) }
}

/// Fixed instants so a run is reproducible.
enum FuzzClock {
    /// 2026-06-01T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_780_315_200)
}
