import Foundation
import HTTPServer
import Jarvis
import JarvisAPI
import Logging
import Runtime
import SentenceEmbedding

// Environment (beyond the shared serve options):
//   JARVIS_RESOURCES              Resources/jarvis directory (default ./Resources/jarvis)
//   JARVIS_DEFAULT_FEEDS=0|1      load the curated real feeds on first start (default 1)
//   JARVIS_SAMPLE_FEEDS=0|1       serve and poll the bundled offline samples (default 0; `make run` sets 1)
//   JARVIS_ALLOW_PRIVATE_FEEDS=1  let user-added feed URLs reach private addresses (off by default)
//   JARVIS_ADMIN_TOKEN            when set, POST/DELETE /feeds need "Authorization: Bearer <token>" (default: open)
//   JARVIS_MAX_FEEDS=500          feeds in total; JARVIS_MAX_FEEDS_PER_HOST=25 feeds on one URL host
//   JARVIS_PAGE_FETCH=0|1         fetch each new article's page for its full text (default 1); JARVIS_PAGE_MAX_BYTES,
//                                 JARVIS_PAGE_CONCURRENCY, JARVIS_PAGE_PER_HOST, JARVIS_PAGE_SPACING_MS (docs/configuration.md)
//   JARVIS_CLUSTER_BODY_CHARS     clustering reads at most this many characters of a body (default: all)
//   JARVIS_SENTENCE_MODEL         sentence model directory (default ./third_party/sentence-model)
// Subcommands: `jarvis parse [--content-type TYPE] FILE [BASE-URL]` prints a feed document as parsed (JSON);
// `jarvis extract [--content-type TYPE] FILE [URL]` prints a web page's article as extracted (JSON).
// Operator subcommands before `serve` (the default).
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "parse" {
    ParseCommand.run(Array(CommandLine.arguments.dropFirst(2)))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "extract" {
    ExtractCommand.run(Array(CommandLine.arguments.dropFirst(2)))
}
if let command = CommandLine.arguments.dropFirst().first, BackupCommand.names.contains(command) {
    exit(BackupCommand.run(Array(CommandLine.arguments.dropFirst()), product: "jarvis", databaseFile: "jarvis.sqlite"))
}

await ServeCommand.main(product: "jarvis", defaultPort: 8080, ownsDataDirectory: true) { options in
    let environment = ProcessInfo.processInfo.environment
    let resources = environment["JARVIS_RESOURCES"] ?? FileManager.default.currentDirectoryPath + "/Resources/jarvis"
    let selfHost = options.host == "0.0.0.0" || options.host == "::" ? "127.0.0.1" : options.host
    var settings = JarvisApplication.Settings(
        dataDirectory: options.dataDirectory,
        allowPrivateFeedAddresses: environment["JARVIS_ALLOW_PRIVATE_FEEDS"] == "1",
        resourcesDirectory: FileManager.default.fileExists(atPath: resources) ? resources : nil,
        loadDefaultFeeds: environment["JARVIS_DEFAULT_FEEDS"] != "0",
        sampleFeeds: environment["JARVIS_SAMPLE_FEEDS"] == "1",
        selfOrigin: "http://\(selfHost):\(options.port)")
    settings.adminToken = environment["JARVIS_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    settings.databaseURL = environment["DATABASE_URL"]
    settings.redisURL = environment["REDIS_URL"]
    if let value = environment["JARVIS_MAX_FEEDS"].flatMap(Int.init), value > 0 { settings.feedCaps.maxFeeds = value }
    if let value = environment["JARVIS_MAX_FEEDS_PER_HOST"].flatMap(Int.init), value > 0 {
        settings.feedCaps.maxFeedsPerHost = value
    }
    // Full articles: each new article's page, fetched politely and extracted (docs/jarvis-pages.md).
    settings.fetchPages = environment["JARVIS_PAGE_FETCH"] != "0"
    if let value = environment["JARVIS_PAGE_MAX_BYTES"].flatMap(Int.init), value > 0 { settings.pageMaxBytes = value }
    if let value = environment["JARVIS_PAGE_CONCURRENCY"].flatMap(Int.init), value > 0 {
        settings.pages.maxConcurrentFetches = value
    }
    if let value = environment["JARVIS_PAGE_PER_HOST"].flatMap(Int.init), (1...4).contains(value) {
        settings.pages.maxPerHost = value
    }
    if let value = environment["JARVIS_PAGE_SPACING_MS"].flatMap(Int.init), value >= 0 {
        settings.pages.hostSpacing = TimeInterval(value) / 1000
    }
    // Story intelligence: online clustering, the topic model shipped under Resources/jarvis/topics
    // (trained offline by scripts/train-topics.py), and the story analyzer.
    let classifier = try TopicClassifier.bundled(resourcesDirectory: resources)
    // Sentence embeddings let articles that tell one event in other words meet; without the model
    // (scripts/setup.sh fetches it) clustering compares words, entities and figures only.
    let log = Logger(label: "jarvis")
    let sentenceModel =
        environment["JARVIS_SENTENCE_MODEL"] ?? FileManager.default.currentDirectoryPath + "/third_party/sentence-model"
    var embedder: SentenceEncoder?
    do {
        embedder = try SentenceEncoder(directory: sentenceModel)
    } catch {
        log.warning("sentence model not loaded: clustering compares words only", ["error": "\(error)"])
    }
    // The learned same-event decision (scripts/train-clustering.py); without it, or without the
    // sentence model it reads, the hand-weighted similarity decides.
    var joinModel: JoinModel?
    do {
        joinModel = try JoinModel.load(path: JoinModel.bundledPath(resourcesDirectory: resources))
    } catch {
        log.warning("join model not loaded: clustering joins on the hand-weighted similarity", ["error": "\(error)"])
    }
    // JARVIS_CLUSTER_BODY_CHARS: clustering reads at most this much of a body (default: all of it).
    var storyConfiguration = StoryService.Configuration()
    if let value = environment["JARVIS_CLUSTER_BODY_CHARS"].flatMap(Int.init), value > 0 {
        storyConfiguration.clusteringBodyCharacters = value
    }
    let engines = JarvisApplication.StoryEngines(
        makeClusterer: { [embedder, joinModel] in ClusteringEngine(embedder: embedder, joinModel: joinModel) },
        classifier: classifier,
        analyzer: StoryAnalyzer(), configuration: storyConfiguration)
    log.debug("topic classifier trained")
    let application = try await JarvisApplication(settings: settings, parser: StandardFeedDocumentParser(), engines: engines)
    log.debug("application opened")
    try await application.bootstrap()
    log.debug("bootstrap done")
    var configuration = ServerConfiguration(host: options.host, port: options.port, threadCount: options.threads).applying()
    configuration.operations = application.operations()
    let server = HTTPServer(router: application.router(), configuration: configuration.serving(options))
    try await ServiceGroup(
        [
            Service("http") { try await server.run() },
            Service("poller") { await application.poller.run() },
            Service("stories") { await application.storyService?.run() },
            Service("pages") { await application.pageService?.run() },
        ] + server.operatorServices(options)
    ).run()
    await application.database.close()
}
