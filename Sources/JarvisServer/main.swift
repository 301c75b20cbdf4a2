import Foundation
import HTTPServer
import Jarvis
import JarvisAPI
import Logging
import Runtime
import SentenceEmbedding

// Settings beyond the shared serve options come from the environment through
// `JarvisApplication.Settings.fromEnvironment` (every variable: docs/configuration.md).
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
    let selfHost = options.host == "0.0.0.0" || options.host == "::" ? "127.0.0.1" : options.host
    let settings = JarvisApplication.Settings.fromEnvironment(
        dataDirectory: options.dataDirectory, selfOrigin: "http://\(selfHost):\(options.port)")
    let resources = settings.resourcesDirectory ?? FileManager.default.currentDirectoryPath + "/Resources/jarvis"
    // Story intelligence: online clustering, the topic model shipped under Resources/jarvis/topics
    // (trained offline by scripts/train-topics.py), and the story analyzer.
    let classifier = try TopicClassifier.bundled(resourcesDirectory: resources)
    // Sentence embeddings let articles that tell one event in other words meet; without the model
    // (scripts/setup.sh fetches it) clustering compares words, entities and figures only.
    let log = Logger(label: "jarvis")
    var embedder: SentenceEncoder?
    if let directory = settings.sentenceModelDirectory {
        // The tuned branches of the encoder's top layers (the topic model's, the join's event vectors) run in
        // the same pass when shipped.
        let branches = [
            TopicClassifier.branchPath(resourcesDirectory: resources), JoinModel.eventBranchPath(resourcesDirectory: resources),
        ].filter { FileManager.default.fileExists(atPath: $0) }
        do {
            embedder = try SentenceEncoder(directory: directory, branches: branches)
        } catch {
            log.warning("sentence model or its branches not loaded", ["error": "\(error)"])
            do { embedder = try SentenceEncoder(directory: directory) } catch {
                log.warning("sentence model not loaded: clustering compares words only", ["error": "\(error)"])
            }
        }
    }
    if let wanted = classifier.meaningEncoder, let embedder,
        !([embedder.identifier] + embedder.branchIdentifiers).contains(wanted)
    {
        log.warning("the topic model reads vectors this encoder does not make: topics from text alone", ["wanted": wanted])
    }
    // The learned same-event decision (scripts/train-clustering.py); without it, or without the
    // sentence model and event branch it reads, the hand-weighted similarity decides.
    var joinModel: JoinModel?
    do {
        joinModel = try JoinModel.load(path: JoinModel.bundledPath(resourcesDirectory: resources))
    } catch {
        log.warning("join model not loaded: clustering joins on the hand-weighted similarity", ["error": "\(error)"])
    }
    if let wanted = joinModel?.eventEncoder, let embedder, !embedder.branchIdentifiers.contains(wanted) {
        log.warning("the join model reads an event branch this encoder does not make: hand-weighted joins", ["wanted": wanted])
    }
    var storyConfiguration = StoryService.Configuration()
    if let characters = settings.clusteringBodyCharacters { storyConfiguration.clusteringBodyCharacters = characters }
    let engines = JarvisApplication.StoryEngines(
        makeClusterer: { [embedder, joinModel] in StoryClusterer(embedder: embedder, joinModel: joinModel) },
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
    // A service that returns stops the group, so the page fetcher joins only when it exists
    // (`JARVIS_PAGE_FETCH=0` used to stop the server as soon as it started).
    var services = [
        Service("http") { try await server.run() },
        Service("poller") { await application.poller.run() },
        Service("stories") { await application.storyService?.run() },
    ]
    if let pages = application.pageService { services.append(Service("pages") { await pages.run() }) }
    try await ServiceGroup(services + server.operatorServices(options)).run()
    await application.database.close()
}
