// dlib's face pipeline behind face_engine.h. The ResNet definition is dlib's published
// face-recognition network (it must match dlib_face_recognition_resnet_model_v1.dat exactly);
// it is template-heavy, so it lives alone in this translation unit.
#include "face_engine.h"

#include <dlib/dnn.h>
#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

namespace {

using namespace dlib;

template <template <int, template <typename> class, int, typename> class block, int N,
          template <typename> class BN, typename SUBNET>
using residual = add_prev1<block<N, BN, 1, tag1<SUBNET>>>;

template <template <int, template <typename> class, int, typename> class block, int N,
          template <typename> class BN, typename SUBNET>
using residual_down = add_prev2<avg_pool<2, 2, 2, 2, skip1<tag2<block<N, BN, 2, tag1<SUBNET>>>>>>;

template <int N, template <typename> class BN, int stride, typename SUBNET>
using block = BN<con<N, 3, 3, 1, 1, relu<BN<con<N, 3, 3, stride, stride, SUBNET>>>>>;

template <int N, typename SUBNET> using ares = relu<residual<block, N, affine, SUBNET>>;
template <int N, typename SUBNET> using ares_down = relu<residual_down<block, N, affine, SUBNET>>;

template <typename SUBNET> using alevel0 = ares_down<256, SUBNET>;
template <typename SUBNET> using alevel1 = ares<256, ares<256, ares_down<256, SUBNET>>>;
template <typename SUBNET> using alevel2 = ares<128, ares<128, ares_down<128, SUBNET>>>;
template <typename SUBNET> using alevel3 = ares<64, ares<64, ares<64, ares_down<64, SUBNET>>>>;
template <typename SUBNET> using alevel4 = ares<32, ares<32, ares<32, SUBNET>>>;

using anet_type = loss_metric<fc_no_bias<128, avg_pool_everything<
    alevel0<alevel1<alevel2<alevel3<alevel4<
    max_pool<3, 3, 2, 2, relu<affine<con<32, 7, 7, 2, 2, input_rgb_image_sized<150>>>>>>>>>>>>>;

void copy_message(const char *message, char *error, size_t length) {
    if (error && length > 0) std::snprintf(error, length, "%s", message);
}

}  // namespace

struct face_engine {
    dlib::frontal_face_detector detector = dlib::get_frontal_face_detector();
    dlib::shape_predictor shapes;
    anet_type network;
};

extern "C" face_engine *face_engine_open(const char *shape_predictor_path, const char *recognition_model_path,
                                         char *error, size_t error_length) {
    try {
        auto engine = new face_engine();
        try {
            dlib::deserialize(shape_predictor_path) >> engine->shapes;
            dlib::deserialize(recognition_model_path) >> engine->network;
        } catch (...) {
            delete engine;
            throw;
        }
        return engine;
    } catch (const std::exception &e) {
        copy_message(e.what(), error, error_length);
    } catch (...) {
        copy_message("unknown error loading the face models", error, error_length);
    }
    return nullptr;
}

extern "C" void face_engine_close(face_engine *engine) { delete engine; }

extern "C" int face_engine_analyze(face_engine *engine, const unsigned char *rgb, long width, long height, long stride,
                                   int upsample, face_engine_face *faces, int max_faces, int describe_count,
                                   char *error, size_t error_length) {
    try {
        dlib::matrix<dlib::rgb_pixel> image(height, width);
        for (long y = 0; y < height; ++y) {
            const unsigned char *row = rgb + y * stride;
            for (long x = 0; x < width; ++x) image(y, x) = dlib::rgb_pixel(row[3 * x], row[3 * x + 1], row[3 * x + 2]);
        }
        std::vector<dlib::rect_detection> found;
        double factor = 1;
        if (upsample > 0) {
            dlib::matrix<dlib::rgb_pixel> scaled = image;
            for (int i = 0; i < upsample; ++i) {
                dlib::pyramid_up(scaled);
                factor *= 2;
            }
            engine->detector(scaled, found);
        } else {
            engine->detector(image, found);
        }
        for (auto &d : found) {
            d.rect = dlib::rectangle((long)(d.rect.left() / factor), (long)(d.rect.top() / factor),
                                     (long)(d.rect.right() / factor), (long)(d.rect.bottom() / factor));
        }
        std::sort(found.begin(), found.end(), [](const dlib::rect_detection &a, const dlib::rect_detection &b) {
            return a.rect.area() > b.rect.area();
        });
        const int written = std::min<int>(max_faces, (int)found.size());
        for (int i = 0; i < written; ++i) {
            face_engine_face &out = faces[i];
            std::memset(&out, 0, sizeof out);
            out.left = found[i].rect.left();
            out.top = found[i].rect.top();
            out.right = found[i].rect.right();
            out.bottom = found[i].rect.bottom();
            out.score = found[i].detection_confidence;
            if (i < describe_count) {
                auto shape = engine->shapes(image, found[i].rect);
                dlib::matrix<dlib::rgb_pixel> chip;
                dlib::extract_image_chip(image, dlib::get_face_chip_details(shape, 150, 0.25), chip);
                dlib::matrix<float, 0, 1> descriptor = engine->network(chip);
                for (int k = 0; k < FACE_ENGINE_DESCRIPTOR_LENGTH; ++k) out.descriptor[k] = descriptor(k);
                out.has_descriptor = 1;
            }
        }
        return (int)found.size();
    } catch (const std::exception &e) {
        copy_message(e.what(), error, error_length);
    } catch (...) {
        copy_message("unknown error in face analysis", error, error_length);
    }
    return -1;
}
