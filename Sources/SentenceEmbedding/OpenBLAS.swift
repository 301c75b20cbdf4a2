import COpenBLAS
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// OpenBLAS's `sgemm`, opened at run time with the right kernels.
///
/// OpenBLAS chooses its kernels once, when the library is loaded, from the CPU's name; a virtual
/// CPU that reports no known model gets the generic SSE3 ("Prescott") kernels, 6× slower than
/// the AVX-512 ones on the same machine (measured here: 11 vs 68 GFLOP/s for the encoder's
/// largest product). Its documented override is the `OPENBLAS_CORETYPE` environment variable,
/// read at load time, so the library is loaded here, after the variable is set from the CPU's
/// feature flags (unless the environment already sets it).
struct OpenBLAS: @unchecked Sendable {
    // Immutable function pointers into a library that is never closed.
    typealias SGEMM =
        @convention(c) (
            CBLAS_ORDER, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, blasint, blasint, blasint, Float,
            UnsafePointer<Float>?, blasint, UnsafePointer<Float>?, blasint, Float,
            UnsafeMutablePointer<Float>?, blasint
        ) -> Void

    let sgemm: SGEMM
    /// The kernels OpenBLAS chose ("SkylakeX", "Haswell", "Prescott"…).
    let coreName: String

    static let shared: Result<OpenBLAS, EmbeddingError> = load()

    private static func load() -> Result<OpenBLAS, EmbeddingError> {
        if getenv("OPENBLAS_CORETYPE") == nil, let core = coreType(flags: cpuFlags()) { setenv("OPENBLAS_CORETYPE", core, 0) }
        guard let handle = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(
                .blasUnavailable("libopenblas.so.0 not found (apt-get install -y libopenblas-dev): \(String(cString: dlerror()))")
            )
        }
        guard let gemm = dlsym(handle, "cblas_sgemm"), let threads = dlsym(handle, "openblas_set_num_threads") else {
            return .failure(.blasUnavailable("libopenblas.so.0 lacks cblas_sgemm"))
        }
        // One thread per call: callers run calls in parallel themselves, and a server has other work.
        unsafeBitCast(threads, to: (@convention(c) (Int32) -> Void).self)(1)
        var name = "unknown"
        if let corename = dlsym(handle, "openblas_get_corename"),
            let text = unsafeBitCast(corename, to: (@convention(c) () -> UnsafeMutablePointer<CChar>?).self)()
        {
            name = String(cString: text)
        }
        return .success(OpenBLAS(sgemm: unsafeBitCast(gemm, to: SGEMM.self), coreName: name))
    }

    /// OpenBLAS's name for the best kernels these flags allow, nil to let it decide.
    static func coreType(flags: Set<String>) -> String? {
        if ["avx512f", "avx512bw", "avx512vl", "avx512dq"].allSatisfy(flags.contains) { return "SkylakeX" }
        if ["avx2", "fma"].allSatisfy(flags.contains) { return "Haswell" }
        return nil
    }

    private static func cpuFlags() -> Set<String> {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
            let colon = line.firstIndex(of: ":")
        else { return [] }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }
}
