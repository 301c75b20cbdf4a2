import Foundation
import HTTPServer
import Logging

extension ServerConfiguration {
    /// This configuration with what the `serve` options say about the transport: TLS and where
    /// `/metrics` is served.
    public func serving(_ options: ServeOptions) -> ServerConfiguration {
        var configuration = self
        configuration.operations.servesMetrics = options.metricsPort == nil
        if let certificate = options.tlsCertificate, let key = options.tlsKey {
            configuration.tls = TLSSettings(certificateFile: certificate, keyFile: key)
        }
        return configuration
    }
}

extension HTTPServer {
    /// The services that run beside the server for the operator: the metrics port when asked for,
    /// and with TLS a SIGHUP watcher that reloads the certificate.
    public func operatorServices(_ options: ServeOptions) -> [Service] {
        var services: [Service] = []
        if let port = options.metricsPort {
            let metrics = metricsServer(host: options.host, port: port)
            services.append(Service("metrics") { try await metrics.run() })
        }
        if configuration.tls != nil {
            services.append(
                Service("certificate-reload") { [self] in
                    let watcher = SignalWatcher(signals: [SIGHUP])
                    defer { watcher.cancel() }
                    await withTaskCancellationHandler {
                        while !Task.isCancelled {
                            guard await watcher.next() == SIGHUP else { return }
                            do {
                                try reloadCertificate()
                            } catch {
                                Logger(label: "runtime").error(
                                    "certificate not reloaded; the previous one keeps serving",
                                    ["error": "\(error)"])
                            }
                        }
                    } onCancel: {
                        watcher.cancel()
                    }
                })
        }
        return services
    }
}
