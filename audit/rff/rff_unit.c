/* rff_unit: RFF's record of a unit, its start and its marks. */
#include "rff_unit.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The state hands out records as the core's: RFF's must begin with them. */
_Static_assert(offsetof(struct rff_unit, core) == 0, "struct rff_unit begins with the core's record");
_Static_assert(offsetof(struct rff_leader, core) == 0, "struct rff_leader begins with the core's record");

/* The code of a declared word of cat (kept by the parser), or fallback when
 * the declaration gives none. */
static int code_of(const struct st_unit *d, int cat, int fallback)
{
	return battle_unit_word(d, cat) ? battle_unit_code(d, cat) : fallback;
}

static void unit_init(struct state *st, int u)
{
	struct rff_unit *r = rff_unit(st, u);
	const struct st_unit *d = r->core.decl;
	r->arm = code_of(d, RC_ARM, RFF_ARM_NONE);
	r->experience = code_of(d, RC_EXPERIENCE, RFF_EXP_NONE);
	r->order = code_of(d, RC_ORDER, ORDER_GOOD);
	r->formation = r->order == ORDER_BROKEN ? FORM_NONE : battle_unit_code(d, RC_FORMATION);	/* broken: none (000:416) */
	r->sheltered_in = -1;
	r->limbered = code_of(d, RC_LIMBER, RFF_CS_NONE) == RFF_LIMBERED;
	r->mounted = r->arm == RFF_CAV && code_of(d, RC_MOUNT, RFF_CS_NONE) != RFF_DISMOUNTED;
	r->core.off_table = state_has_flag(&r->core, FLAG_RESERVE);
	/* 000:532: infantry and cavalry reduced to a single stand are removed; guns at none */
	r->core.remove_at = r->arm == RFF_GUN ? 0 : 1;
}

/* The lost stands take their marks with them. */
static void keep_marks(struct rff_unit *r)
{
	int stands = r->core.stands;
	if (r->silenced > stands)
		r->silenced = stands;
	if (r->damaged > stands)
		r->damaged = stands;
	if (r->arm == RFF_GUN && r->low_ammo > stands)
		r->low_ammo = stands;
}

static void unit_lost(struct state *st, int u)
{
	keep_marks(rff_unit(st, u));
}

int rff_unit_lose(struct rff_unit *r, int n)
{
	state_unit_lose(&r->core, n);
	keep_marks(r);
	return r->core.stands;
}

/* A winner's disorder comes when the phase ends; a hasty square lasts only
 * the player turn it is formed in (000:646). */
static bool unit_header(struct state *st, int u, const struct stmt *s)
{
	struct rff_unit *r = rff_unit(st, u);
	if (r->disorder_pending) {
		r->disorder_pending = false;
		if (r->order == ORDER_GOOD)
			r->order = ORDER_DISORDERED;
		state_touch_unit(st, u);
	}
	if (r->hasty_expires && s->kind == ST_TURN) {
		r->hasty_expires = false;
		if (r->formation == FORM_HASTY_SQUARE) {
			r->formation = FORM_SQUARE;
			state_touch_unit(st, u);
		}
	}
	return r->hasty_expires;	/* until the next turn */
}

static const char *unit_id(const struct state *st, int u)
{
	return u >= 0 && u < st->n_units ? state_unit_at(st, u)->decl->id : NULL;
}

/* Every field for every unit of an arm, so that a removed unit keeps them
 * all and readers of the JSON find one shape per arm. */
static void unit_fields(const struct state *st, int u, struct fields *out)
{
	const struct rff_unit *r = rff_unit(st, u);
	fields_bool(out, "low_ammo", r->low_ammo > 0);
	if (r->arm == RFF_GUN) {
		fields_int(out, "low_ammo_stands", r->low_ammo);
		fields_bool(out, "limbered", r->limbered);
		fields_int(out, "silenced", r->silenced);
		fields_int(out, "damaged", r->damaged);
		fields_int(out, "wrecked", r->wrecked);
		fields_bool(out, "sheltered", r->sheltered);
		fields_text(out, "sheltered_in", r->sheltered ? unit_id(st, r->sheltered_in) : NULL);
	} else {
		fields_text(out, "order", rff_order_word(r->order));
		fields_text(out, "formation", rff_word(RC_FORMATION, r->formation));
		fields_bool(out, "disorder_pending", r->disorder_pending);
		if (r->arm == RFF_CAV)
			fields_bool(out, "mounted", r->mounted);
	}
}

/* A horse shot keeps its leader dismounted for one turn. */
static bool leader_header(struct state *st, int l, const struct stmt *s)
{
	(void)s;
	struct rff_leader *r = rff_unit_leader(st, l);
	if (r->dismounted && r->dismounted_until < st->turn) {
		r->dismounted = false;
		state_touch_leader(st, l);
	}
	return r->dismounted;
}

static void leader_fields(const struct state *st, int l, struct fields *out)
{
	fields_bool(out, "dismounted", rff_unit_leader(st, l)->dismounted);
}

const struct state_rules rff_unit_rules = {
	.unit_size = sizeof(struct rff_unit),
	.unit_init = unit_init,
	.unit_lost = unit_lost,
	.unit_header = unit_header,
	.unit_fields = unit_fields,
	.leader_size = sizeof(struct rff_leader),
	.leader_header = leader_header,
	.leader_fields = leader_fields,
};

struct rff_unit *rff_unit(const struct state *st, int u)
{
	assert(st->rules == &rff_unit_rules);
	return (struct rff_unit *)(void *)state_unit_at(st, u);
}

struct rff_leader *rff_unit_leader(const struct state *st, int l)
{
	assert(st->rules == &rff_unit_rules);
	return (struct rff_leader *)(void *)state_leader_at(st, l);
}

void rff_unit_dismount_leader(struct state *st, int l, int until)
{
	struct rff_leader *r = rff_unit_leader(st, l);
	r->dismounted = true;
	r->dismounted_until = until;
	state_away(st, l);
}

bool rff_unit_in_square(const struct rff_unit *r)
{
	return r->formation == FORM_SQUARE || r->formation == FORM_HASTY_SQUARE;
}

void rff_unit_set_order(struct rff_unit *r, enum rff_order order)
{
	if (order == ORDER_BROKEN && r->order != ORDER_BROKEN && r->arm != RFF_GUN)
		r->formation = FORM_NONE;	/* "The unit loses formation" */
	else if (order != ORDER_BROKEN && r->order == ORDER_BROKEN && r->arm != RFF_GUN)
		/* "reforms into line facing toward the enemy"; dismounted cavalry
		 * deploys only in open order (000:582) */
		r->formation = r->arm == RFF_CAV && !r->mounted ? FORM_OPEN : FORM_LINE;
	r->order = order;
}

static int clamp_marks(int marks, int stands)
{
	return marks < 0 ? 0 : marks > stands ? stands : marks;
}

void rff_unit_silence(struct rff_unit *r, int n)
{
	r->silenced = clamp_marks(r->silenced + n, r->core.stands);
}

void rff_unit_damage(struct rff_unit *r, int n)
{
	r->damaged = clamp_marks(r->damaged + n, r->core.stands);
}

void rff_unit_low_ammo(struct rff_unit *r, int n)
{
	r->low_ammo = r->arm == RFF_GUN ? clamp_marks(r->low_ammo + n, r->core.stands) : 1;
}

void rff_unit_disorder_later(struct state *st, int u)
{
	rff_unit(st, u)->disorder_pending = true;
	state_wait(st, u);
}

void rff_unit_hasty_square(struct state *st, int u)
{
	struct rff_unit *r = rff_unit(st, u);
	r->formation = FORM_HASTY_SQUARE;
	r->hasty_expires = true;
	state_wait(st, u);
}

const char *rff_unit_describe(const struct state *st, int u, char *buf, size_t size)
{
	const struct rff_unit *r = rff_unit(st, u);
	if (r->core.removed) {
		snprintf(buf, size, "removed from the game");
		return buf;
	}
	static const char *const orders[] = {"good order", "disordered", "broken"};
	int n = snprintf(buf, size, "%d stand%s", r->core.stands, r->core.stands == 1 ? "" : "s");
	if (r->arm == RFF_GUN) {
		if (r->silenced)
			n += snprintf(buf + n, size - n, ", %d silenced", r->silenced);
		if (r->damaged)
			n += snprintf(buf + n, size - n, ", %d damaged", r->damaged);
		snprintf(buf + n, size - n, ", %s", r->limbered ? "limbered" : "unlimbered");
	} else {
		n += snprintf(buf + n, size - n, ", %s%s", orders[r->order],
			      r->disorder_pending && r->order == ORDER_GOOD ? " (disordered when the phase ends)" : "");
		if (r->formation && n >= 0 && (size_t)n < size)
			n += snprintf(buf + n, size - n, ", %s", rff_word(RC_FORMATION, r->formation));
		if (r->arm == RFF_CAV && !r->mounted && n >= 0 && (size_t)n < size)
			snprintf(buf + n, size - n, ", dismounted");
	}
	return buf;
}

const char *rff_order_word(enum rff_order order)
{
	static const char *const words[] = {
		[ORDER_GOOD] = "good-order", [ORDER_DISORDERED] = "disordered", [ORDER_BROKEN] = "broken"};
	return words[order];
}
