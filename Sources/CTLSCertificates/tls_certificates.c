#include "tls_certificates.h"
#include <gnutls/gnutls.h>
#include <gnutls/abstract.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTLS_MAX_CHAIN 16

struct ctls_credentials {
    gnutls_pcert_st certs[CTLS_MAX_CHAIN];
    unsigned int count;
    gnutls_privkey_t key;
    struct ctls_credentials *retired_next;
};

static _Atomic(struct ctls_credentials *) current_credentials = NULL;
static atomic_uint generation = 0;
static pthread_mutex_t retired_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ctls_credentials *retired = NULL;

static int fail(char *error, size_t error_len, const char *what, const char *file, int code) {
    if (error && error_len) {
        snprintf(error, error_len, "%s %s: %s", what, file, code ? gnutls_strerror(code) : "failed");
    }
    return -1;
}

static void release(struct ctls_credentials *c) {
    for (unsigned int i = 0; i < c->count; i++) gnutls_pcert_deinit(&c->certs[i]);
    if (c->key) gnutls_privkey_deinit(c->key);
    free(c);
}

int ctls_load(const char *cert_file, const char *key_file, char *error, size_t error_len) {
    gnutls_datum_t cert_pem = {NULL, 0}, key_pem = {NULL, 0};
    int rc = gnutls_load_file(cert_file, &cert_pem);
    if (rc < 0) return fail(error, error_len, "cannot read certificate", cert_file, rc);
    rc = gnutls_load_file(key_file, &key_pem);
    if (rc < 0) {
        gnutls_free(cert_pem.data);
        return fail(error, error_len, "cannot read key", key_file, rc);
    }
    /* The pair must match: GnuTLS checks that when both are set on a credentials object. */
    gnutls_certificate_credentials_t probe;
    rc = gnutls_certificate_allocate_credentials(&probe);
    if (rc >= 0) {
        rc = gnutls_certificate_set_x509_key_mem2(probe, &cert_pem, &key_pem, GNUTLS_X509_FMT_PEM, NULL, 0);
        gnutls_certificate_free_credentials(probe);
    }
    if (rc < 0) {
        gnutls_free(cert_pem.data);
        gnutls_free(key_pem.data);
        return fail(error, error_len, "unusable certificate and key", cert_file, rc);
    }
    struct ctls_credentials *c = calloc(1, sizeof *c);
    if (!c) {
        gnutls_free(cert_pem.data);
        gnutls_free(key_pem.data);
        return fail(error, error_len, "out of memory loading", cert_file, 0);
    }
    c->count = CTLS_MAX_CHAIN;
    rc = gnutls_pcert_list_import_x509_raw(c->certs, &c->count, &cert_pem, GNUTLS_X509_FMT_PEM, 0);
    if (rc < 0) {
        c->count = 0;
    } else {
        rc = gnutls_privkey_init(&c->key);
        if (rc >= 0) rc = gnutls_privkey_import_x509_raw(c->key, &key_pem, GNUTLS_X509_FMT_PEM, NULL, 0);
    }
    gnutls_free(cert_pem.data);
    gnutls_free(key_pem.data);
    if (rc < 0) {
        release(c);
        return fail(error, error_len, "cannot import", cert_file, rc);
    }
    struct ctls_credentials *previous = atomic_exchange(&current_credentials, c);
    if (previous) {
        pthread_mutex_lock(&retired_lock);
        previous->retired_next = retired;
        retired = previous;
        pthread_mutex_unlock(&retired_lock);
    }
    atomic_fetch_add(&generation, 1);
    return 0;
}

int ctls_loaded(void) { return atomic_load(&current_credentials) != NULL; }

unsigned int ctls_generation(void) { return atomic_load(&generation); }

static int retrieve(gnutls_session_t session, const gnutls_datum_t *req_ca_dn, int nreqs,
                    const gnutls_pk_algorithm_t *pk_algos, int pk_algos_length, gnutls_pcert_st **pcert,
                    unsigned int *pcert_length, gnutls_privkey_t *pkey) {
    (void)session; (void)req_ca_dn; (void)nreqs; (void)pk_algos; (void)pk_algos_length;
    struct ctls_credentials *c = atomic_load(&current_credentials);
    if (!c) return -1;
    *pcert = c->certs;
    *pcert_length = c->count;
    *pkey = c->key;
    return 0;
}

void *ctls_retrieve_callback(void) { return (void *)&retrieve; }

const char *ctls_priorities(void) {
    return "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-CIPHER-ALL:+AES-256-GCM:+AES-128-GCM:+CHACHA20-POLY1305"
           ":-MAC-ALL:+AEAD:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:%SERVER_PRECEDENCE";
}
