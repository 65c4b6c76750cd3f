/*===- random_encode.h - Random encodings of the emulator's opcode tables ---===*/
#ifndef FLYC_TEST_EMU_RANDOM_ENCODE_H
#define FLYC_TEST_EMU_RANDOM_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#include "emu_isa.h"

/// Restarts the random stream (xorshift64; `state` must not be 0).
void randomEncodeSeed(uint64_t state);
/// The next 32 random bits of the stream.
uint32_t randomNext(void);
/// A random encoding of opcode `op` of format `fmt` into b (up to 16 bytes);
/// returns its length (literals and extension dwords included).
size_t randomEncode(EmuFormat fmt, unsigned op, uint8_t *b);

#endif /* FLYC_TEST_EMU_RANDOM_ENCODE_H */
