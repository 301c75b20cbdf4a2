/*
 * bare_mhd.c — the ceiling for the HTTP benchmark (`scripts/bench-http.sh`).
 *
 * A minimal libmicrohttpd server with the same daemon design as the Swift
 * HTTPServer (internal polling thread + epoll + thread pool), answering:
 *
 *   GET /bench/json            the exact bytes of --json-file / --json,
 *                              Content-Type: application/json
 *   GET /bench/static/<name>   <static-dir>/<name> via MHD_create_response_from_fd,
 *                              Content-Type by extension, ETag, Last-Modified
 *
 * Anything else: 404 (405 for methods other than GET/HEAD). Binds 127.0.0.1 only.
 *
 * Usage: bare_mhd --port N [--threads N] [--static-dir DIR]
 *                 (--json-file FILE | --json STRING)
 *   --port 0 picks a free port; the bound port is printed on stdout.
 *   --threads is MHD_OPTION_THREAD_POOL_SIZE (default 2).
 * Runs until SIGINT/SIGTERM.
 *
 * Build: cc -O2 bare_mhd.c -lmicrohttpd
 *
 * Note (docs/c-interop-notes.md): the access handler returns MHD_YES on the
 * first call and queues the response on the second. Queueing on the first
 * call makes MHD 0.9.75 answer with `Connection: close` (no keep-alive).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define STATIC_PREFIX "/bench/static/"

static char *json_body;
static size_t json_len;
static int static_dir_fd = -1;

static const char *content_type_for(const char *name) {
    static const struct { const char *ext, *type; } table[] = {
        {".txt", "text/plain; charset=utf-8"},
        {".json", "application/json"},
        {".html", "text/html; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".jpg", "image/jpeg"},
        {".jpeg", "image/jpeg"},
    };
    const char *dot = strrchr(name, '.');
    if (dot)
        for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
            if (strcasecmp(dot, table[i].ext) == 0) return table[i].type;
    return "text/plain; charset=utf-8";
}

static enum MHD_Result queue_static_text(struct MHD_Connection *c, unsigned int status, const char *text) {
    struct MHD_Response *r = MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
    if (!r) return MHD_NO;
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
    enum MHD_Result ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result serve_file(struct MHD_Connection *c, const char *name) {
    /* One path segment, no hidden files, no traversal. */
    if (name[0] == '\0' || name[0] == '.' || strchr(name, '/') || strchr(name, '\\'))
        return queue_static_text(c, MHD_HTTP_NOT_FOUND, "not found\n");
    int fd = openat(static_dir_fd, name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return queue_static_text(c, MHD_HTTP_NOT_FOUND, "not found\n");
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return queue_static_text(c, MHD_HTTP_NOT_FOUND, "not found\n");
    }

    /* ETag "<mtime hex>-<size hex>" (nginx style), Last-Modified = IMF-fixdate. */
    char etag[64], last_modified[64];
    snprintf(etag, sizeof etag, "\"%llx-%llx\"", (unsigned long long)st.st_mtime, (unsigned long long)st.st_size);
    struct tm tm;
    gmtime_r(&st.st_mtime, &tm);
    strftime(last_modified, sizeof last_modified, "%a, %d %b %Y %H:%M:%S GMT", &tm);

    const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
    struct MHD_Response *r;
    unsigned int status;
    if (inm && strcmp(inm, etag) == 0) {
        close(fd);
        r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        status = MHD_HTTP_NOT_MODIFIED;
    } else {
        r = MHD_create_response_from_fd((uint64_t)st.st_size, fd); /* MHD closes fd */
        status = MHD_HTTP_OK;
    }
    if (!r) {
        if (status == MHD_HTTP_OK) close(fd);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, content_type_for(name));
    MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, etag);
    MHD_add_response_header(r, MHD_HTTP_HEADER_LAST_MODIFIED, last_modified);
    enum MHD_Result ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls) {
    static int started;
    (void)cls; (void)version; (void)upload_data;
    if (*req_cls == NULL) { /* first call: headers only — do NOT respond yet (keep-alive) */
        *req_cls = &started;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { /* discard any request body */
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
        return queue_static_text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method not allowed\n");

    if (strcmp(url, "/bench/json") == 0) {
        struct MHD_Response *r = MHD_create_response_from_buffer(json_len, json_body, MHD_RESPMEM_PERSISTENT);
        if (!r) return MHD_NO;
        MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
        enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, r);
        MHD_destroy_response(r);
        return ret;
    }
    if (strncmp(url, STATIC_PREFIX, sizeof STATIC_PREFIX - 1) == 0)
        return serve_file(c, url + sizeof STATIC_PREFIX - 1);
    return queue_static_text(c, MHD_HTTP_NOT_FOUND, "not found\n");
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *len = n;
    return buf;
}

static void usage(const char *argv0) {
    fprintf(stderr, "usage: %s --port N [--threads N] [--static-dir DIR] (--json-file FILE | --json STRING)\n", argv0);
    exit(2);
}

int main(int argc, char **argv) {
    long port = -1, threads = 2;
    const char *static_dir = ".", *json_file = NULL, *json_arg = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) usage(argv[0]);
        if (strcmp(a, "--port") == 0) port = strtol(v, NULL, 10);
        else if (strcmp(a, "--threads") == 0) threads = strtol(v, NULL, 10);
        else if (strcmp(a, "--static-dir") == 0) static_dir = v;
        else if (strcmp(a, "--json-file") == 0) json_file = v;
        else if (strcmp(a, "--json") == 0) json_arg = v;
        else usage(argv[0]);
        i++;
    }
    if (port < 0 || port > 65535 || threads < 1 || threads > 64 || (!json_file == !json_arg)) usage(argv[0]);

    if (json_file) {
        if (!(json_body = read_file(json_file, &json_len))) { perror(json_file); return 1; }
    } else {
        json_body = strdup(json_arg);
        json_len = strlen(json_arg);
    }
    if ((static_dir_fd = open(static_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) { perror(static_dir); return 1; }

    /* Block the stop signals before MHD starts its threads, so they inherit the mask and main can sigwait. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);

    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    /* Same limits as Sources/CMicroHTTPD/shim.h's cmhd_start_daemon defaults. */
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ERROR_LOG, (uint16_t)port, NULL, NULL,
        on_request, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)threads,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)1024,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned int)511,
        MHD_OPTION_END);
    if (!d) { fprintf(stderr, "bare_mhd: MHD_start_daemon failed on 127.0.0.1:%ld\n", port); return 1; }

    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    printf("bare_mhd: listening on http://127.0.0.1:%u (thread pool %ld, json %zu bytes, static dir %s)\n",
           info ? info->port : (unsigned int)port, threads, json_len, static_dir);
    fflush(stdout);

    int sig;
    sigwait(&stop, &sig);
    MHD_stop_daemon(d);
    close(static_dir_fd);
    free(json_body);
    return 0;
}
