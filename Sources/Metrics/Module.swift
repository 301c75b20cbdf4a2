/// # Metrics
///
/// Counters, gauges and latency histograms an operator scrapes at `GET /metrics` (the Prometheus text
/// format), and the registry that names them. No dependencies, so domain modules record their own figures
/// (polls, verifications, chat) without knowing about HTTP. Updates are single atomic adds on values the
/// caller holds; the registry's lock is taken only to create a series and to render a scrape.
