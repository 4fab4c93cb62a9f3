#ifndef DYNRENDER_CWEBP_SHIM_H
#define DYNRENDER_CWEBP_SHIM_H
/* libwebp: the encoder (frames of an animation, each on its own), the decoder and the
   demuxer's animation decoder (reading WebP goldens and inputs to diff). */
#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/demux.h>
#endif
