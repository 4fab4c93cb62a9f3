/* dynrender's physics peers: the workloads W1 (springy grid), W2 (pile) and W3 (cradle) of
 * dynrender's physics benchmark, with the command line and the result line the three peer
 * programs share (chipmunk.c, box2d.cpp, box2d_v3.c).
 *
 * The numbers are those of the workload definitions (shared/bench/physics/WORKLOADS.md, which
 * Sources/DynRenderPhysicsWorkloads implements for dynrender): lengths in points, +y down,
 * one step of 1/120 s per call, density 1 mass unit per pt^2, springs given by frequency and
 * damping ratio against the body's mass (k = m w^2, c = 2 m zeta w), every contact pair with
 * restitution 0.2 and friction 0.2.
 *
 * Command line of every peer:  <w1|w2|w3> N [--min-seconds S] [--ptm P] [--sleep]
 * (N is ignored for w3, which always has 10 boxes). Output: one JSON line on stdout, the last
 * line that starts with '{', which Benchmarks/physics.py reads.
 */
#ifndef DYNRENDER_PEER_WORKLOADS_H
#define DYNRENDER_PEER_WORKLOADS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- shared by all three workloads */
static const double STEP_DT = 1.0 / 120.0;   /* s, one engine step                        */
static const double DENSITY = 1.0;           /* mass units per pt^2                       */
static const double RESTITUTION = 0.2;       /* effective value of every contact pair     */
static const double FRICTION = 0.2;          /* effective value of every contact pair     */
static const double GRAVITY_Y = 1000.0;      /* pt/s^2, downwards (W2, W3)                */
static const double TWO_PI = 6.28318530717958647692;

/* ---- W1: springy grid (no gravity, no collision shapes) */
static const double GRID_ITEM = 44.0;        /* item side, pt (m = 1936)                  */
static const double GRID_PITCH = 50.0;       /* anchor spacing, pt                        */
static const double GRID_FIRST = 25.0;       /* anchor of item 0 at (25, 25)              */
static const double GRID_TOUCH_X = 195.0;    /* the finger, fixed                         */
static const double GRID_TOUCH_Y = 422.0;
static const double GRID_RESISTANCE = 1500.0;
static const double GRID_SCROLL = 8.0;       /* pt per scroll event                       */
static const int GRID_EVENT_STEPS = 6;       /* a scroll event before every 6th step      */
static const int GRID_EVENTS_EACH_WAY = 30;  /* 30 events of +8, then 30 of -8            */
static const int GRID_CYCLE_STEPS = 360;     /* 60 events = 3 s                           */
static const double GRID_HZ = 1.0;
static const double GRID_ZETA = 0.8;

/* ---- W2: pile in an open-topped container */
static const double PILE_BOX = 40.0;         /* box side, pt (m = 1600)                   */
static const double PILE_WIDTH = 390.0;      /* floor from x = 0 to 390 at y = 844        */
static const double PILE_FLOOR = 844.0;
static const double PILE_WALL_TOP = -4000.0; /* the side walls reach up to y = -4000      */
static const int PILE_COLUMNS = 8;
static const double PILE_PITCH = 48.0;
static const double PILE_X0 = 27.0;          /* column c: x = 27 + 48 c                   */
static const double PILE_Y0 = 24.0;          /* row r:    y = 24 - 48 r                   */
static const double PILE_TILT = 0.2;         /* box i: angle 0.2 sin(1.3 i)               */
static const double PILE_TILT_RATE = 1.3;
static const int PILE_STEPS = 360;           /* 3 s                                       */

/* ---- W3: cradle of ten boxes on springs, colliding with each other */
enum { CRADLE_BOXES = 10 };
static const double CRADLE_BOX = 40.0;
static const double CRADLE_CENTRE_X = 195.0; /* anchor i: (195 + (i - 4.5) 42, 0)         */
static const double CRADLE_SPACING = 42.0;
static const double CRADLE_LENGTH = 300.0;   /* spring rest length, pt                    */
static const double CRADLE_HZ = 1.0;
static const double CRADLE_ZETA = 0.4;
static const double CRADLE_SWING_DEG = 60.0; /* box 0 starts swung out to the left        */
static const int CRADLE_STEPS = 600;         /* 5 s                                       */

/* ------------------------------------------------------------------ geometry of the workloads */

static inline double box_moment(double mass, double w, double h) { return mass * (w * w + h * h) / 12.0; }
static inline double spring_stiffness(double mass, double hz) { double w = TWO_PI * hz; return mass * w * w; }
static inline double spring_damping(double mass, double hz, double zeta) { double w = TWO_PI * hz; return 2.0 * mass * zeta * w; }

static inline int grid_columns(int n) {
    int columns = (int)ceil(sqrt((double)n));
    return columns > 0 ? columns : 1;
}

/* The anchor (and start position) of item i of n. */
static inline void grid_anchor(int i, int n, double *x, double *y) {
    int columns = grid_columns(n);
    *x = GRID_FIRST + GRID_PITCH * (double)(i % columns);
    *y = GRID_FIRST + GRID_PITCH * (double)(i / columns);
}

/* The scroll delta applied before step `step`, or 0 when no event falls on it. */
static inline double grid_scroll_before(long step) {
    if (step % GRID_EVENT_STEPS != 0) return 0.0;
    long event = step / GRID_EVENT_STEPS;
    return (event / GRID_EVENTS_EACH_WAY) % 2 == 0 ? GRID_SCROLL : -GRID_SCROLL;
}

/* How far an item anchored at (ax, ay) moves for a scroll delta: delta scaled by the item's
 * distance from the finger, never more than delta itself. */
static inline double grid_shift(double delta, double ax, double ay) {
    double resistance = (fabs(ax - GRID_TOUCH_X) + fabs(ay - GRID_TOUCH_Y)) / GRID_RESISTANCE;
    double scaled = delta * resistance;
    if (delta > 0) return scaled < delta ? scaled : delta;
    return scaled > delta ? scaled : delta;
}

static inline void pile_start(int i, double *x, double *y, double *angle) {
    *x = PILE_X0 + PILE_PITCH * (double)(i % PILE_COLUMNS);
    *y = PILE_Y0 - PILE_PITCH * (double)(i / PILE_COLUMNS);
    *angle = PILE_TILT * sin(PILE_TILT_RATE * (double)i);
}

/* The container's three static segments: floor, left wall, right wall (x0, y0, x1, y1). */
static const double PILE_SEGMENTS[3][4] = {
    { 0.0, 844.0, 390.0, 844.0 },
    { 0.0, -4000.0, 0.0, 844.0 },
    { 390.0, -4000.0, 390.0, 844.0 },
};

static inline void cradle_anchor(int i, double *x, double *y) {
    *x = CRADLE_CENTRE_X + ((double)i - 4.5) * CRADLE_SPACING;
    *y = 0.0;
}

static inline void cradle_start(int i, double *x, double *y) {
    double ax, ay;
    cradle_anchor(i, &ax, &ay);
    if (i == 0) {
        double swing = CRADLE_SWING_DEG * (TWO_PI / 2.0) / 180.0;
        *x = ax - CRADLE_LENGTH * sin(swing);
        *y = ay + CRADLE_LENGTH * cos(swing);
    } else {
        *x = ax;
        *y = ay + CRADLE_LENGTH;
    }
}

/* ------------------------------------------------------------------ clocks */

static inline double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline double cpu_seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ------------------------------------------------------------------ command line */

typedef struct {
    int workload;        /* 1, 2 or 3 */
    int n;               /* items (W1), boxes (W2); always 10 for W3 */
    double min_seconds;  /* at least this much timed stepping */
    double ptm;          /* points per engine length unit (Box2D: 40; Chipmunk: 1) */
    int sleep;           /* let resting bodies sleep (off for the headline numbers) */
} run_options;

static inline void usage_exit(const char *program) {
    fprintf(stderr, "usage: %s w1|w2|w3 N [--min-seconds S] [--ptm P] [--sleep]\n", program);
    exit(2);
}

/* Parses argv; `extra` (may be NULL) gets first look at every option and returns how many
 * arguments it consumed (0: not its option). */
static inline run_options parse_options(int argc, char **argv, double default_ptm,
                                        int (*extra)(int argc, char **argv, int at)) {
    run_options o = { 0, 0, 1.0, default_ptm, 0 };
    if (argc < 3) usage_exit(argv[0]);
    if (!strcmp(argv[1], "w1")) o.workload = 1;
    else if (!strcmp(argv[1], "w2")) o.workload = 2;
    else if (!strcmp(argv[1], "w3")) o.workload = 3;
    else usage_exit(argv[0]);
    o.n = o.workload == 3 ? CRADLE_BOXES : atoi(argv[2]);
    if (o.n < 1) usage_exit(argv[0]);
    for (int i = 3; i < argc; i++) {
        int used = extra ? extra(argc, argv, i) : 0;
        if (used > 0) { i += used - 1; continue; }
        if (!strcmp(argv[i], "--min-seconds") && i + 1 < argc) o.min_seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--ptm") && i + 1 < argc) o.ptm = atof(argv[++i]);
        else if (!strcmp(argv[i], "--sleep")) o.sleep = 1;
        else { fprintf(stderr, "%s: unknown option %s\n", argv[0], argv[i]); usage_exit(argv[0]); }
    }
    if (!(o.ptm > 0)) usage_exit(argv[0]);
    return o;
}

/* ------------------------------------------------------------------ result line */

typedef struct {
    long steps;          /* timed steps */
    long episodes;       /* W2/W3: complete runs (fresh world each); W1: 1 */
    double wall;         /* s of timed stepping */
    double cpu;          /* CPU s of timed stepping */
    double setup;        /* s to build one world */
    char sanity[384];    /* workload outcome, as JSON members */
} run_result;

static inline void print_result(const char *engine, const run_options *o, const run_result *r) {
    static const char *names[] = { "", "w1", "w2", "w3" };
    double per_second = (double)r->steps / r->wall;
    printf("{\"engine\":\"%s\",\"workload\":\"%s\",\"n\":%d,\"steps\":%ld,\"episodes\":%ld,"
           "\"wall_s\":%.6f,\"cpu_s\":%.6f,\"setup_s\":%.6f,\"steps_per_s\":%.3f,"
           "\"us_per_item_step\":%.6f,\"sleep\":%d,\"ptm\":%g%s%s}\n",
           engine, names[o->workload], o->n, r->steps, r->episodes, r->wall, r->cpu, r->setup,
           per_second, 1e6 / (per_second * (double)o->n), o->sleep, o->ptm,
           r->sanity[0] ? "," : "", r->sanity);
    fflush(stdout);
}

/* W1's outcome: how far the items are from their anchors (pt), and the fastest one (pt/s).
 * xs, ys: positions in points. */
static inline void grid_sanity(run_result *r, int n, const double *xs, const double *ys, double fastest) {
    double total = 0.0, largest = 0.0;
    for (int i = 0; i < n; i++) {
        double ax, ay;
        grid_anchor(i, n, &ax, &ay);
        double d = hypot(xs[i] - ax, ys[i] - ay);
        total += d;
        if (!(d <= largest)) largest = d;   /* NaN wins */
    }
    snprintf(r->sanity, sizeof r->sanity, "\"mean_disp_pt\":%.4f,\"max_disp_pt\":%.4f,\"max_speed\":%.4f",
             total / n, largest, fastest);
}

/* W2's outcome: at rest (every box under 1 pt/s), the top of the pile, boxes outside. */
static inline void pile_sanity(run_result *r, int n, const double *xs, const double *ys, double fastest) {
    double top = INFINITY;
    int outside = 0;
    for (int i = 0; i < n; i++) {
        if (ys[i] - PILE_BOX / 2.0 < top) top = ys[i] - PILE_BOX / 2.0;
        if (!(xs[i] >= 0.0 && xs[i] <= PILE_WIDTH && ys[i] <= PILE_FLOOR)) outside++;
    }
    snprintf(r->sanity, sizeof r->sanity, "\"max_speed\":%.4f,\"at_rest\":%s,\"pile_top_y\":%.2f,\"outside\":%d",
             fastest, fastest < 1.0 ? "true" : "false", top, outside);
}

/* W3's outcome: where boxes 0 and 9 end (x, y in pt, angle in rad). */
static inline void cradle_sanity(run_result *r, const double first[3], const double last[3], double fastest) {
    snprintf(r->sanity, sizeof r->sanity,
             "\"max_speed\":%.4f,\"box0\":[%.2f,%.2f,%.4f],\"box9\":[%.2f,%.2f,%.4f]",
             fastest, first[0], first[1], first[2], last[0], last[1], last[2]);
}

#endif
