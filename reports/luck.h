/* luck: whether the dice or the decisions decided the day.
 *
 * Every roll the audit derived odds for (struct rec_odds, stored with each
 * part) is graded by the chance of a result at least as good for whoever
 * rolled, under the legal modifiers, not the claimed ones: very lucky or
 * lucky when that chance is at most the thresholds, very unlucky or
 * unlucky when the chance of a result at most as good is.  Per side and
 * per unit the faces rolled are set against the uniform die (their mean,
 * and a chi-square test with its sample size, not run on fewer than five
 * rolls a face), and the stands lost against those expected over every
 * face.  Over one battle, or every battle of a campaign. */
#ifndef UMPIRE_LUCK_H
#define UMPIRE_LUCK_H

#include <stdint.h>

#include "../db/store.h"
#include "facts.h"
#include "sheet.h"

struct luck_opts {
	double very;	/* very lucky (unlucky) at or under this chance: 0.10 */
	double plain;	/* lucky (unlucky) at or under this one: 0.30 */
};

/* The luck report of the battle whose facts are f. */
struct sheet *luck_battle(struct store *s, const struct facts *f, const struct luck_opts *o, char **err);

/* The luck report of every battle of the campaign called name: the sides'
 * and units' dice and losses (units by their campaign identity); NULL with
 * *err when there is no such campaign. */
struct sheet *luck_campaign(struct store *s, const char *name, const struct luck_opts *o, char **err);

/* How often each side rolled each face in battle id (the dice the luck
 * report counts): sides[i] rolled counts[i][f] times face f, f from 1 to
 * most.  The caller releases it. */
struct luck_faces {
	char **sides;
	long (*counts)[101];
	int n, most;
};
bool luck_side_faces(struct store *s, int64_t id, struct luck_faces *out, char **err);
void luck_faces_release(struct luck_faces *lf);

/* Reads "VERY,LUCKY" ("0.1,0.3"): two chances, 0 < VERY <= LUCKY < 0.5;
 * false when text is not that. */
bool luck_thresholds(const char *text, struct luck_opts *o);

#endif
