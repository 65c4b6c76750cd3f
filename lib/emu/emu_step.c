/*===- emu_step.c - Deferred effects and address notes of one step --------===*
 *
 * The recording halves of emuLoadV/emuLoadS/emuDmaLds and emuMemLds/
 * emuMemGlobal (emu_isa.h), and emuEffectsApply. A load's handler reads
 * memory at issue and hands each loaded dword to one of the emuLoad*
 * helpers; in functional mode they write the register at once, in stepping
 * mode they land here and are kept in the caller's EmuEffects until the
 * timing model applies them at the completion cycle (emu_step.h).
 *===----------------------------------------------------------------------===*/
#include "emu_step.h"
#include "emu_isa.h"

/* The entry of `kind`/`index`/`half`/`lds` (the key of one register or one
 * DMA dword column), appended if new; NULL (and overflow) when full. */
static EmuEffect *fxEntry(EmuEffects *fx, unsigned kind, unsigned index, unsigned half,
                          uint32_t lds) {
  for (uint32_t i = 0; i < fx->count; i++) {
    EmuEffect *e = &fx->items[i];
    if (e->kind == kind && e->index == index && e->half == half && e->lds == lds)
      return e;
  }
  if (fx->count >= fx->cap) {
    fx->overflow = true;
    return NULL;
  }
  EmuEffect *e = &fx->items[fx->count++];
  e->kind = (uint8_t)kind;
  e->bytes = 4;
  e->half = (uint8_t)half;
  e->index = (uint16_t)index;
  e->lds = lds;
  e->lanes = 0;
  return e;
}

void emuFxVReg(EmuCtx *c, unsigned r, unsigned lane, uint32_t v, unsigned half) {
  EmuEffect *e = fxEntry(c->fx, EMU_EFF_VREG, r & 511, half, 0);
  if (!e)
    return;
  e->lanes |= 1ull << lane;
  e->value[lane] = v;
}

void emuFxSReg(EmuCtx *c, unsigned code, uint32_t v) {
  EmuEffect *e = fxEntry(c->fx, EMU_EFF_SREG, code, 0, 0);
  if (!e)
    return;
  e->lanes = 1;
  e->value[0] = v;
}

void emuFxLds(EmuCtx *c, uint32_t lds0, uint32_t stride, unsigned lane, uint32_t v) {
  EmuEffect *e = fxEntry(c->fx, EMU_EFF_LDS, stride, 0, lds0);
  if (!e)
    return;
  e->lanes |= 1ull << lane;
  e->value[lane] = v;
}

void emuNoteLds(EmuCtx *c, unsigned lane, uint32_t off, unsigned bytes) {
  EmuStepMem *m = c->mem;
  m->lanes |= 1ull << lane;
  m->lds[lane] = off;
  m->bytes = (uint8_t)bytes;
  m->hasLds = true;
}

void emuNoteGlobal(EmuCtx *c, unsigned lane, uint64_t addr, unsigned bytes) {
  EmuStepMem *m = c->mem;
  m->lanes |= 1ull << lane;
  m->global[lane] = addr;
  m->bytes = (uint8_t)bytes;
  m->hasGlobal = true;
}

static void applyVReg(EmuWave *w, const EmuEffect *e) {
  uint32_t *d = emuVReg(w, e->index);
  for (uint64_t m = e->lanes; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    uint32_t v = e->value[l];
    if (e->half == 1)
      d[l] = (d[l] & 0xffff0000u) | (v & 0xffff);
    else if (e->half == 2)
      d[l] = (d[l] & 0xffff) | v << 16;
    else
      d[l] = v;
  }
}

static void applyLds(EmuWave *w, const EmuEffect *e) {
  EmuGroup *g = w->group;
  if (!g)
    return;
  for (uint64_t m = e->lanes; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    uint32_t a = e->lds + (uint32_t)l * e->index;
    if ((uint64_t)a + e->bytes <= g->ldsSize)
      memcpy(g->lds + a, &e->value[l], e->bytes);
  }
}

void emuEffectsApply(EmuWave *wave, const EmuEffects *fx) {
  for (uint32_t i = 0; i < fx->count; i++) {
    const EmuEffect *e = &fx->items[i];
    if (e->kind == EMU_EFF_VREG)
      applyVReg(wave, e);
    else if (e->kind == EMU_EFF_SREG)
      emuWriteScalar32(wave, e->index, e->value[0]);
    else
      applyLds(wave, e);
  }
}
