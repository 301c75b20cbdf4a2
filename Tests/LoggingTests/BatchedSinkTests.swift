import Foundation
import Testing

@testable import Logging

/// The batching sink's rules, observed on a temporary file without timing: sinks here run no timer
/// thread (`flushInterval: nil`), so a line is written only by the rule under test.
struct BatchedSinkTests {
    /// A sink on a fresh temporary file; `contents()` reads what reached the file.
    final class Target: Sendable {
        let path = NSTemporaryDirectory() + "batched-sink-\(UUID().uuidString)"
        let sink: BatchedSink
        private let fd: Int32

        init(flushBytes: Int = 32 * 1024, capacity: Int = 64 * 1024) {
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            sink = BatchedSink(fileDescriptor: fd, flushBytes: flushBytes, capacity: capacity, flushInterval: nil)
        }
        deinit {
            close(fd)
            unlink(path)
        }
        func contents() -> [String] {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        func log(_ text: String, _ level: LogLevel = .info) { sink.write(line: Array(text.utf8), level: level) }
    }

    @Test func infoLinesWaitForTheBatch() {
        let target = Target()
        target.log("one")
        target.log("two", .debug)
        #expect(target.contents().isEmpty)
        target.sink.flush()
        #expect(target.contents() == ["one", "two"])
    }

    @Test(arguments: [LogLevel.notice, .warning, .error, .critical])
    func urgentLinesAreWrittenAtOnceWithEverythingBefore(_ level: LogLevel) {
        let target = Target()
        target.log("request 1")
        target.log("request 2")
        target.log("failed", level)
        #expect(target.contents() == ["request 1", "request 2", "failed"])
    }

    @Test func aBatchIsWrittenWhenItReachesItsSize() {
        let target = Target(flushBytes: 40, capacity: 80)
        for n in 0..<3 { target.log("line \(n) padded to ten") }  // 22 bytes each with the newline
        #expect(target.contents() == ["line 0 padded to ten", "line 1 padded to ten"])
        target.sink.flush()
        #expect(target.contents().count == 3)
    }

    @Test func flushThroughTheProtocolReachesTheSink() {
        let target = Target()
        target.log("held back")
        // As LogSystem calls it (bootstrap, exit): through the protocol, not the class.
        let sinks: [any LogSink] = [target.sink]
        sinks.forEach { $0.flush() }
        #expect(target.contents() == ["held back"])
    }

    /// Eight threads log at once through a buffer a few lines long into a pipe drained slowly, so writes
    /// block and lines pile up behind them: every line arrives once, each thread's lines in the order it
    /// logged them, and the buffer never grew past its capacity.
    @Test func aFloodKeepsOrderAndTheBound() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let sink = BatchedSink(fileDescriptor: writeEnd, flushBytes: 512, capacity: 512, flushInterval: nil)
        let drained = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var received: [UInt8] = []
        DispatchQueue.global().async {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while case let n = read(readEnd, &chunk, chunk.count), n > 0 {
                received.append(contentsOf: chunk[0..<n])
                usleep(200)  // a slow reader: the pipe fills and the sink's writes block
            }
            drained.signal()
        }
        let threads = 8
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for n in 0..<perThread {
                sink.write(line: Array("thread=\(thread) n=\(n) some padding to look like a request".utf8), level: .info)
            }
        }
        sink.flush()
        close(writeEnd)
        drained.wait()
        close(readEnd)

        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == threads * perThread)
        var next = [Int](repeating: 0, count: threads)
        for line in lines {
            let fields = line.split(separator: " ")
            guard let thread = Int(fields[0].dropFirst(7)), let n = Int(fields[1].dropFirst(2)), next[thread] == n else {
                Issue.record("out of order or mangled: \(line)")
                return
            }
            next[thread] += 1
        }
        #expect(sink.largestBacklog <= 512)
        #expect(sink.largestBacklog > 400)
    }
}
