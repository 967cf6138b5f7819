/* tools/offload-replay.c — replays recorded kernel launches (see docs/recording-format.md).

     offload-replay ENTRY|DIR [--verify] [--repeat N] [--warmup N] [--grid X,Y,Z]
                    [--block X,Y,Z] [--device I] [--image FILE] [--quiet]

   ENTRY is one entry directory (it holds manifest.json); DIR replays every entry inside it, in
   name order (which is recording order within a process). Each entry is read and checked
   (checksums, sizes, limits), its arena is restored at the recorded address (or relocated
   when that address cannot be had), its globals restored, its image loaded (or its IR
   compiled again) and its kernel launched. --verify compares the arena and globals after the
   launch with the recorded output byte for byte; --repeat N times N launches (each from the
   restored input), after --warmup N untimed ones; --image FILE loads FILE (an image or IR)
   instead of the recorded code. The exit status tells the outcome apart (replay_status, and
   --help): replayed, mismatched, a bad command line, refused, failed. The replay is the library's public API (offload_recording_open,
   offload_replay); this file is its command line and uses nothing else. */
#include "offload.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct replay_cli {
    offload_replay_desc desc;
    const char* path;
    const char* image_path;
    int device_index; /* -1: the first device of the recorded kind */
    int quiet;
    int help;
} replay_cli;

static void usage(FILE* to) {
    fprintf(
        to,
        "usage: offload-replay ENTRY|DIR [--verify] [--repeat N] [--warmup N] [--grid X,Y,Z] [--block X,Y,Z] [--device I]\n"
        "                      [--image FILE] [--quiet]\n"
        "Replays recorded kernel launches: one entry directory, or every entry in DIR.\n"
        "  --verify         compare the output with the recorded one, byte for byte\n"
        "  --repeat N       time N launches (each from the restored input)\n"
        "  --warmup N       untimed launches before those\n"
        "  --grid X,Y,Z     launch with another grid; --block X,Y,Z another block\n"
        "  --device I       replay on device I instead of the first of the recorded kind\n"
        "  --image FILE     load FILE (an image or IR) instead of the recorded code\n"
        "  --quiet          print only mismatches\n"
        "  --help           print this and exit\n"
        "Exit status (for DIR, the gravest of its entries': failed, refused, then mismatched):\n"
        "  0  every entry replayed, and matched with --verify\n"
        "  1  mismatched: an entry replayed, but its output differs from the recorded one\n"
        "  2  a bad command line\n"
        "  3  refused: an entry is damaged, malformed or not replayable (a checksum, a size, a\n"
        "     limit, pointers outside the recording arena), or DIR holds no entry\n"
        "  4  failed: the replay could not run (no context or device, an unreadable --image, a\n"
        "     load or launch error, a launch that faulted)\n");
}

/* The exit statuses --help lists, so that a script tells the outcomes apart without reading text. */
typedef enum replay_status {
    REPLAY_OK = 0,
    REPLAY_MISMATCHED = 1,
    REPLAY_USAGE = 2,
    REPLAY_REFUSED = 3,
    REPLAY_FAILED = 4,
} replay_status;

/* The graver of two entries' statuses: failed, then refused, then mismatched, then replayed. */
static replay_status graver(replay_status a, replay_status b) {
    static const int gravity[] = {
        [REPLAY_OK] = 0, [REPLAY_MISMATCHED] = 1, [REPLAY_USAGE] = 4, [REPLAY_REFUSED] = 2, [REPLAY_FAILED] = 3};
    return gravity[a] >= gravity[b] ? a : b;
}

/* What a failed open or replay means: the library refuses the entry itself (it is damaged,
   malformed or not replayable), or something else kept the replay from running. */
static replay_status status_of(offload_result r) {
    return r == OFFLOAD_ERROR_INVALID_RECORDING || r == OFFLOAD_ERROR_UNSUPPORTED ? REPLAY_REFUSED : REPLAY_FAILED;
}

static int parse_u32(const char* s, uint32_t min, uint32_t* out) {
    char* end = NULL;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-' || v < min || v > 0x7fffffffUL) return 0;
    *out = (uint32_t)v;
    return 1;
}

static int parse_dims(const char* s, uint32_t out[3]) {
    char copy[64];
    if (strlen(s) >= sizeof copy) return 0;
    strcpy(copy, s);
    char* save = NULL;
    char* part = strtok_r(copy, ",", &save);
    for (int i = 0; i < 3; i++) {
        out[i] = 1;
        if (part && !parse_u32(part, 1, &out[i])) return 0;
        if (part) part = strtok_r(NULL, ",", &save);
    }
    return part == NULL;
}

static int parse_args(int argc, char** argv, replay_cli* cli) {
    memset(cli, 0, sizeof *cli);
    cli->device_index = -1;
    for (int i = 1; i < argc; i++) {
        const char* a = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : NULL;
        uint32_t device = 0;
        if (strcmp(a, "--verify") == 0)
            cli->desc.verify = 1;
        else if (strcmp(a, "--quiet") == 0)
            cli->quiet = 1;
        else if (strcmp(a, "--repeat") == 0 && value && parse_u32(value, 1, &cli->desc.repeat))
            i++;
        else if (strcmp(a, "--warmup") == 0 && value && parse_u32(value, 0, &cli->desc.warmup))
            i++;
        else if (strcmp(a, "--grid") == 0 && value && parse_dims(value, cli->desc.grid))
            i++;
        else if (strcmp(a, "--block") == 0 && value && parse_dims(value, cli->desc.block))
            i++;
        else if (strcmp(a, "--device") == 0 && value && parse_u32(value, 0, &device))
            cli->device_index = (int)device, i++;
        else if (strcmp(a, "--image") == 0 && value)
            cli->image_path = value, i++;
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            cli->help = 1;
        else if (a[0] != '-' && !cli->path)
            cli->path = a;
        else {
            fprintf(stderr, "offload-replay: bad argument '%s'\n", a);
            return 0;
        }
    }
    if (!cli->path && !cli->help) fprintf(stderr, "offload-replay: no ENTRY or DIR given\n");
    return cli->path != NULL || cli->help;
}

/* Reads the --image file into memory (the caller frees it). */
static void* read_file(const char* path, size_t* size) {
    FILE* f = fopen(path, "rb");
    if (!f) return NULL;
    void* data = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (data = malloc((size_t)n)) &&
        fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *size = n > 0 ? (size_t)n : 0;
    return data;
}

static void print_report(offload_context* ctx, const replay_cli* cli, const char* name, const offload_recording* rec,
                         const offload_recording_info* e, const offload_replay_result* r) {
    if (cli->quiet && (!r->verified || (r->differing_bytes == 0 && r->differing_globals == 0))) return;
    offload_device_info device;
    if (offload_device_get_info(ctx, r->device, &device) != OFFLOAD_SUCCESS)
        snprintf(device.name, sizeof device.name, "?");
    printf("%s: kernel '%s' on %s (%s), grid %u,%u,%u block %u,%u,%u, %llu arena bytes, %u globals\n", name, e->kernel,
           device.name, offload_backend_name(e->backend), e->grid[0], e->grid[1], e->grid[2], e->block[0], e->block[1],
           e->block[2], (unsigned long long)e->arena_used, e->global_count);
    if (r->relocated)
        printf("  relocated: address 0x%llx was not available; the arena was restored at 0x%llx and pointers into it "
               "(8-byte-aligned words in memory, arguments and globals) were rebased\n",
               (unsigned long long)e->arena_address, (unsigned long long)r->arena_base);
    if (r->verified && r->differing_bytes == 0 && r->differing_globals == 0)
        printf("  verify: OK (%llu arena bytes and %u globals identical to the recording)\n",
               (unsigned long long)e->arena_used, e->global_count);
    if (r->verified && r->differing_bytes) {
        printf("  verify: FAILED: %llu arena bytes differ; first differing offsets:",
               (unsigned long long)r->differing_bytes);
        for (uint32_t i = 0; i < r->difference_count; i++)
            printf(" %llu (0x%llx)", (unsigned long long)r->differences[i], (unsigned long long)r->differences[i]);
        printf("\n");
    }
    offload_recording_global g;
    if (r->verified && r->differing_globals &&
        offload_recording_get_global(ctx, rec, r->first_differing_global, &g) == OFFLOAD_SUCCESS)
        printf("  verify: FAILED: %u globals differ; global '%s' differs at offset %llu\n", r->differing_globals,
               g.name, (unsigned long long)r->first_global_offset);
    if (cli->desc.repeat)
        printf("  time: min %.3f us, median %.3f us over %u launches\n", (double)r->min_ns / 1e3,
               (double)r->median_ns / 1e3, r->runs);
}

/* The entry being replayed, for the fault handler (the tool's only mutable global). */
static const char* volatile current_entry;

static void write_text(const char* s) {
    size_t n = strlen(s);
    while (n) {
        ssize_t w = write(2, s, n);
        if (w <= 0) return;
        s += w;
        n -= (size_t)w;
    }
}

/* The last line of defence: the library refuses every entry it knows it cannot replay, but a
   kernel replayed from an entry written by an older recorder (or one whose inputs were edited
   consistently, checksums included) may still touch memory the entry does not hold. A fault
   in the replayed code ends the tool with a message and status 1, never with a crash. */
static void on_fault(int sig) {
    const char* entry = current_entry;
    write_text("offload-replay: ");
    write_text(entry ? entry : "(no entry)");
    write_text(sig == SIGSEGV  ? ": the replayed launch faulted (SIGSEGV)"
               : sig == SIGBUS ? ": the replayed launch faulted (SIGBUS)"
               : sig == SIGFPE ? ": the replayed launch faulted (SIGFPE)"
                               : ": the replayed launch faulted (SIGILL)");
    write_text(
        ": it touched memory the recording does not hold (pointers into the recording process outside its arena), "
        "or the entry is damaged; not replayable\n");
    _exit(REPLAY_FAILED);
}

static void catch_faults(void) {
    static char stack[1 << 16];
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = stack;
    ss.ss_size = sizeof stack;
    sigaltstack(&ss, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
    for (size_t i = 0; i < sizeof signals / sizeof *signals; i++) sigaction(signals[i], &sa, NULL);
}

/* Replays one entry directory. */
static replay_status replay_one(offload_context* ctx, const replay_cli* cli, const char* path) {
    current_entry = path;
    fflush(stdout);
    offload_recording* rec = NULL;
    offload_result r = offload_recording_open(ctx, path, &rec);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "%s: refused: %s (%s, %s)\n", path, offload_context_last_error(ctx), offload_result_string(r),
                offload_diagnostic_name(offload_context_last_diagnostic(ctx)));
        return status_of(r);
    }
    offload_recording_info info;
    offload_replay_result result;
    r = offload_recording_get_info(ctx, rec, &info);
    if (r == OFFLOAD_SUCCESS) r = offload_replay(ctx, rec, &cli->desc, &result);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "%s: replay failed: %s (%s, %s)\n", path, offload_context_last_error(ctx),
                offload_result_string(r), offload_diagnostic_name(offload_context_last_diagnostic(ctx)));
        offload_recording_close(ctx, rec);
        return status_of(r);
    }
    print_report(ctx, cli, path, rec, &info, &result);
    int mismatched = result.verified && (result.differing_bytes || result.differing_globals);
    offload_recording_close(ctx, rec);
    return mismatched ? REPLAY_MISMATCHED : REPLAY_OK;
}

static int is_entry(const char* path) {
    char manifest[4096 + 32];
    snprintf(manifest, sizeof manifest, "%s/manifest.json", path);
    return access(manifest, F_OK) == 0;
}

static int skip_hidden(const struct dirent* d) { return d->d_name[0] != '.'; }

static replay_status replay_directory(offload_context* ctx, const replay_cli* cli) {
    struct dirent** names = NULL;
    int n = scandir(cli->path, &names, skip_hidden, alphasort);
    if (n < 0) {
        fprintf(stderr, "offload-replay: cannot read '%s': %s\n", cli->path, strerror(errno));
        return REPLAY_FAILED;
    }
    int failures = 0, entries = 0;
    replay_status status = REPLAY_OK;
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", cli->path, names[i]->d_name);
        if (is_entry(path)) {
            entries++;
            replay_status one = replay_one(ctx, cli, path);
            failures += one != REPLAY_OK;
            status = graver(status, one);
        }
        free(names[i]);
    }
    free(names);
    if (!entries) fprintf(stderr, "offload-replay: no entries in '%s'\n", cli->path);
    if (!cli->quiet || failures) printf("%d entries, %d failed\n", entries, failures);
    return entries ? status : REPLAY_REFUSED;
}

int main(int argc, char** argv) {
    replay_cli cli;
    if (!parse_args(argc, argv, &cli)) {
        usage(stderr);
        return REPLAY_USAGE;
    }
    if (cli.help) {
        usage(stdout);
        return 0;
    }
    /* The replay itself must never be recorded. */
    unsetenv("OFFLOAD_RECORD_DIR");
    catch_faults();
    offload_context* ctx = NULL; /* OFFLOAD_DEBUG=N shows the library's log on stderr */
    offload_result r = offload_context_create(NULL, &ctx);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "offload-replay: cannot create a context: %s\n", offload_result_string(r));
        return REPLAY_FAILED;
    }
    if (cli.device_index >= 0 &&
        (r = offload_device_get(ctx, (uint32_t)cli.device_index, &cli.desc.device)) != OFFLOAD_SUCCESS) {
        fprintf(stderr, "offload-replay: --device %d: %s\n", cli.device_index, offload_context_last_error(ctx));
        offload_context_destroy(ctx);
        return REPLAY_FAILED;
    }
    void* image = NULL;
    if (cli.image_path && !(image = read_file(cli.image_path, &cli.desc.image_size))) {
        fprintf(stderr, "offload-replay: cannot read '%s': %s\n", cli.image_path,
                errno ? strerror(errno) : "empty file");
        offload_context_destroy(ctx);
        return REPLAY_FAILED;
    }
    cli.desc.image = image;
    replay_status status = is_entry(cli.path) ? replay_one(ctx, &cli, cli.path) : replay_directory(ctx, &cli);
    free(image);
    offload_context_destroy(ctx);
    return (int)status;
}
