// A plain C interface to dlib's HOG face detector, 5-point shape predictor and ResNet face
// descriptor (128 floats), so Swift can call them without C++ interop.
#ifndef FACE_ENGINE_H
#define FACE_ENGINE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FACE_ENGINE_DESCRIPTOR_LENGTH 128

typedef struct face_engine face_engine;

typedef struct {
    long left, top, right, bottom;
    /// The detector's confidence (HOG SVM margin; higher is more face-like).
    double score;
    /// Filled for the first `describe_count` faces (largest first), zero otherwise.
    int has_descriptor;
    float descriptor[FACE_ENGINE_DESCRIPTOR_LENGTH];
} face_engine_face;

/// Loads the models; NULL on failure with a message in `error`.
face_engine *face_engine_open(const char *shape_predictor_path, const char *recognition_model_path,
                              char *error, size_t error_length);

void face_engine_close(face_engine *engine);

/// Detects faces in an RGB image (3 bytes a pixel, `stride` bytes a row), largest first, and
/// computes descriptors for the first `describe_count` of them. Writes at most `max_faces`
/// and returns how many were found in all (possibly more than written), or -1 with `error`.
/// One engine is not safe to use from two threads at once.
int face_engine_analyze(face_engine *engine, const unsigned char *rgb, long width, long height, long stride,
                        int upsample, face_engine_face *faces, int max_faces, int describe_count,
                        char *error, size_t error_length);

#ifdef __cplusplus
}
#endif

#endif
