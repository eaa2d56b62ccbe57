/* rff_vocab: the notation's vocabulary for Regimental Fire and Fury (MAW). */
#ifndef UMPIRE_RFF_VOCAB_H
#define UMPIRE_RFF_VOCAB_H

#include "../grammar/vocab.h"

extern const struct vocab rff_vocab;

#endif
