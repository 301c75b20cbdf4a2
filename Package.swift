// swift-tools-version:6.2
// One package, two products (Jarvis news backend, Xoseen dating backend) on one server core.
// Dependencies are Debian C libraries wrapped as system-library modules; nothing is fetched.
import PackageDescription

let package = Package(
    name: "Backends",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "jarvis", targets: ["JarvisServer"]),
        .executable(name: "xoseen", targets: ["XoseenServer"]),
        .executable(name: "http-bench-server", targets: ["HTTPBenchServer"]),
        .executable(name: "chat-bench", targets: ["ChatBench"]),
        .executable(name: "safety-eval", targets: ["SafetyEval"]),
        .executable(name: "story-eval", targets: ["StoryEval"]),
    ],
    targets: [
        // C libraries from Debian (module map + thin shim header each).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // The one libmicrohttpd call that needs C control flow (sigsetjmp around MHD_quiesce_daemon).
        .target(name: "CMHDQuiesce", dependencies: ["CMicroHTTPD"]),
        // The certificate MHD's TLS handshakes present (GnuTLS retrieve callback), reloadable on SIGHUP.
        .target(name: "CTLSCertificates", linkerSettings: [.linkedLibrary("gnutls")]),
        .systemLibrary(name: "CWslay", providers: [.apt(["libwslay-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CStemmer", providers: [.apt(["libstemmer-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CHiredis", pkgConfig: "hiredis", providers: [.apt(["libhiredis-dev"])]),
        .systemLibrary(name: "COpenBLAS", providers: [.apt(["libopenblas-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        // dlib's face pipeline behind a C header. Optimised even in debug builds (at -O0 one face
        // descriptor takes seconds); dlib's asserts off to match Debian's build of the library;
        // BLAS/LAPACK by soname (dlib-1.pc names the -dev symlinks, which libdlib-dev lacks).
        .target(
            name: "CDlibFace",
            cxxSettings: [.define("DLIB_DISABLE_ASSERTS"), .define("DLIB_NO_GUI_SUPPORT"), .unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("dlib"), .linkedLibrary(":libblas.so.3"), .linkedLibrary(":liblapack.so.3")]),

        // Shared core.
        .target(name: "Logging"),
        // Counters and histograms for /metrics; no dependencies, so domain modules record their own figures.
        .target(name: "Metrics"),
        .target(name: "Runtime", dependencies: ["Logging", "HTTPServer", "SQLStore"]),
        .target(
            name: "HTTPServer",
            dependencies: [
                "CMicroHTTPD", "CMHDQuiesce", "CTLSCertificates", "CWslay", "COpenSSL", "CLinux", "Logging",
                "Metrics",
            ],
            // Per-request state lives in classes touched by one MHD thread at a time; dynamic
            // exclusivity checks cost about 3% of a small request (perf), so release builds skip them.
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        .target(name: "SQLStore", dependencies: ["CSQLite", "CLibPQ", "Logging"]),
        // What instances of one product tell each other (Redis pub/sub over hiredis): no product code.
        .target(name: "ClusterBus", dependencies: ["CHiredis", "Logging"]),
        // Sentence embeddings (a BERT-style encoder on OpenBLAS): no product code.
        .target(name: "SentenceEmbedding", dependencies: ["COpenBLAS", "StableHash"]),
        // FNV-1a: the one stable (per-process-unseeded) hash, for keys, seeds and buckets that outlive a run.
        .target(name: "StableHash"),
        .target(name: "HTTPTesting", dependencies: ["HTTPServer", "CWslay", "COpenSSL"]),
        // Test kit for the cluster backends: throwaway PostgreSQL and Redis servers from Debian's binaries.
        .target(name: "ClusterTesting"),

        // Products: API layers (routes + wire DTOs) and executables.
        .target(
            name: "Jarvis",
            dependencies: [
                "CLibXML2", "CCurl", "CStemmer", "SQLStore", "Logging", "SentenceEmbedding", "Metrics", "StableHash",
            ],
            exclude: ["Stories/Insight/RUBRIC.md"]),
        .target(name: "Imaging", dependencies: ["CZlib", "StableHash"]),
        .target(
            name: "JarvisAPI", dependencies: ["Jarvis", "HTTPServer", "SQLStore", "Logging", "Imaging", "Metrics", "ClusterBus"]),
        .target(name: "Xoseen", dependencies: ["COpenSSL", "SQLStore", "Logging", "Metrics", "StableHash"]),
        .target(name: "Vision", dependencies: ["CDlibFace", "CTesseract", "Logging"]),
        .target(name: "XoseenVerification", dependencies: ["Xoseen", "Vision", "COpenSSL", "SQLStore", "Logging", "Metrics"]),
        .target(
            name: "XoseenAPI",
            dependencies: [
                "Xoseen", "XoseenVerification", "HTTPServer", "SQLStore", "Logging", "Imaging",
                "Metrics", "ClusterBus",
            ]),
        .executableTarget(name: "JarvisServer", dependencies: ["JarvisAPI", "Runtime", "SentenceEmbedding"]),
        .executableTarget(name: "XoseenServer", dependencies: ["XoseenAPI", "Runtime"]),
        // Benchmark, evaluation and training tools (Sources/Tools/): not part of either server.
        .executableTarget(
            name: "HTTPBenchServer", dependencies: ["HTTPServer", "Runtime"], path: "Sources/Tools/HTTPBenchServer"),
        .executableTarget(name: "IngestBench", dependencies: ["Jarvis"], path: "Sources/Tools/IngestBench"),
        // Article extraction pages/s and MB/s beside whole-page text (make bench-extract).
        .executableTarget(name: "ExtractBench", dependencies: ["Jarvis"], path: "Sources/Tools/ExtractBench"),
        // What the tools measure about their own process (clock, resident memory).
        .target(name: "BenchKit", path: "Sources/Tools/BenchKit"),
        .executableTarget(
            name: "StoryBench", dependencies: ["Jarvis", "SentenceEmbedding", "BenchKit", "StableHash"], path: "Sources/Tools/StoryBench"),
        // Training pairs and stream B-cubed for the learned join decision (scripts/train-clustering.py).
        .executableTarget(name: "StoryPairs", dependencies: ["Jarvis", "SentenceEmbedding", "StableHash"], path: "Sources/Tools/StoryPairs"),
        .executableTarget(
            name: "SentenceBench", dependencies: ["SentenceEmbedding", "BenchKit"], path: "Sources/Tools/SentenceBench"),
        .executableTarget(
            name: "ChatBench", dependencies: ["Xoseen", "SQLStore", "HTTPTesting"], path: "Sources/Tools/ChatBench"),
        .executableTarget(name: "SafetyEval", dependencies: ["Xoseen"], path: "Sources/Tools/SafetyEval"),
        // Offline quality checks on real labelled data: topics and story insight, JSONL in, JSONL out.
        .executableTarget(name: "StoryEval", dependencies: ["Jarvis", "SentenceEmbedding"], path: "Sources/Tools/StoryEval"),

        .testTarget(name: "LoggingTests", dependencies: ["Logging"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPTesting", "Metrics"]),
        .testTarget(name: "SentenceEmbeddingTests", dependencies: ["SentenceEmbedding"]),
        .testTarget(name: "StableHashTests", dependencies: ["StableHash"]),
        .testTarget(name: "SQLStoreTests", dependencies: ["SQLStore", "ClusterTesting"]),
        // Several instances of each product on one PostgreSQL and one Redis, as separate processes.
        .testTarget(name: "ClusterBusTests", dependencies: ["ClusterBus", "ClusterTesting"]),
        .testTarget(name: "ClusterTests", dependencies: ["ClusterTesting", "HTTPTesting", "HTTPServer"]),
        .testTarget(name: "XoseenTests", dependencies: ["Xoseen", "XoseenAPI", "HTTPTesting", "ClusterTesting", "ClusterBus"]),
        .testTarget(name: "VerificationTests", dependencies: ["XoseenVerification", "Vision", "XoseenAPI", "HTTPTesting"]),
        .testTarget(
            name: "RuntimeTests", dependencies: ["Runtime", "Logging", "HTTPTesting", "SQLStore", "JarvisServer", "XoseenServer"]),
        .testTarget(
            name: "JarvisTests", dependencies: ["Jarvis", "JarvisAPI", "HTTPTesting", "ClusterTesting", "SentenceEmbedding", "StableHash"],
            resources: [.copy("Fixtures")]),

        // libFuzzer targets (`make fuzz`, docs/fuzzing.md). A plain build makes a corpus replayer; the
        // fuzzing build (scripts/fuzz.sh: -sanitize=fuzzer,address -DFUZZING) makes the libFuzzer binary.
        .executableTarget(
            name: "Fuzzers",
            dependencies: ["HTTPServer", "Jarvis", "JarvisAPI", "Xoseen", "XoseenAPI", "XoseenVerification", "Logging"],
            path: "Fuzz/Targets"),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
