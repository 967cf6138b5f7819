/* tools/offload-replay.c — replays recorded kernel launches (see docs/recording-format.md).

     offload-replay ENTRY|DIR [--verify] [--repeat N] [--warmup N] [--grid X,Y,Z]
                    [--block X,Y,Z] [--device I] [--quiet]

   ENTRY is one entry directory (it holds manifest.json); DIR replays every entry inside it, in
   name order (which is recording order within a process). Each entry is read and checked
   (checksums, sizes, limits), its arena is restored at the recorded address (or relocated
   when that address cannot be had), its globals restored, its image loaded (or its IR
   compiled again) and its kernel launched. --verify compares the arena and globals after the
   launch with the recorded output byte for byte; --repeat N times N launches (each from the
   restored input), after --warmup N untimed ones. The exit code is 0 only when every entry replayed and, with --verify,
   matched. The reader and the replay live in rr.inc; this file is the command line. */
#define OFFLOAD_STATIC
#include "../offload_impl.c"

#include <dirent.h>

typedef struct replay_cli {
    offload__replay_options options;
    const char* path;
    int quiet;
    int help;
} replay_cli;

static void usage(FILE* to) {
    fprintf(to, "usage: offload-replay ENTRY|DIR [--verify] [--repeat N] [--warmup N] [--grid X,Y,Z] [--block X,Y,Z] [--device I] [--quiet]\n"
                "Replays recorded kernel launches: one entry directory, or every entry in DIR.\n"
                "  --verify         compare the output with the recorded one, byte for byte\n"
                "  --repeat N       time N launches (each from the restored input)\n"
                "  --warmup N       untimed launches before those\n"
                "  --grid X,Y,Z     launch with another grid; --block X,Y,Z another block\n"
                "  --device I       replay on device I instead of the recorded one\n"
                "  --quiet          print only mismatches\n"
                "  --help           print this and exit\n"
                "Exit status: 0 when every entry replayed (and matched with --verify), 1 otherwise,\n"
                "2 for a bad command line.\n");
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
    cli->options.device_index = -1;
    for (int i = 1; i < argc; i++) {
        const char* a = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : NULL;
        uint32_t device = 0;
        if (strcmp(a, "--verify") == 0) cli->options.verify = 1;
        else if (strcmp(a, "--quiet") == 0) cli->quiet = 1;
        else if (strcmp(a, "--repeat") == 0 && value && parse_u32(value, 1, &cli->options.repeat)) i++;
        else if (strcmp(a, "--warmup") == 0 && value && parse_u32(value, 0, &cli->options.warmup)) i++;
        else if (strcmp(a, "--grid") == 0 && value && parse_dims(value, cli->options.grid)) cli->options.set_grid = 1, i++;
        else if (strcmp(a, "--block") == 0 && value && parse_dims(value, cli->options.block)) cli->options.set_block = 1, i++;
        else if (strcmp(a, "--device") == 0 && value && parse_u32(value, 0, &device)) cli->options.device_index = (int)device, i++;
        else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) cli->help = 1;
        else if (a[0] != '-' && !cli->path) cli->path = a;
        else {
            fprintf(stderr, "offload-replay: bad argument '%s'\n", a);
            return 0;
        }
    }
    if (!cli->path && !cli->help) fprintf(stderr, "offload-replay: no ENTRY or DIR given\n");
    return cli->path != NULL || cli->help;
}

static void print_report(const replay_cli* cli, const char* name, const offload__rr_entry* e, const offload__replay_report* r) {
    if (cli->quiet && (!r->verified || (r->differing_bytes == 0 && r->differing_globals == 0))) return;
    printf("%s: kernel '%s' on device %u (%s), grid %u,%u,%u block %u,%u,%u, %llu arena bytes, %u globals\n", name, e->kernel,
           r->device_index, offload_backend_name(e->backend), e->grid[0], e->grid[1], e->grid[2], e->block[0], e->block[1],
           e->block[2], (unsigned long long)e->arena_used, e->global_count);
    if (r->relocated)
        printf("  relocated: address 0x%llx was not available; the arena was restored at 0x%llx and pointers into it "
               "(8-byte-aligned words in memory, arguments and globals) were rebased\n",
               (unsigned long long)e->arena_address, (unsigned long long)r->base);
    if (r->verified && r->differing_bytes == 0 && r->differing_globals == 0)
        printf("  verify: OK (%llu arena bytes and %u globals identical to the recording)\n", (unsigned long long)e->arena_used,
               e->global_count);
    if (r->verified && r->differing_bytes) {
        printf("  verify: FAILED: %llu arena bytes differ; first differing offsets:", (unsigned long long)r->differing_bytes);
        for (uint32_t i = 0; i < r->diff_count; i++) printf(" %llu (0x%llx)", (unsigned long long)r->diff_offsets[i], (unsigned long long)r->diff_offsets[i]);
        printf("\n");
    }
    if (r->verified && r->differing_globals) printf("  verify: FAILED: %u globals differ; %s\n", r->differing_globals, r->global_diff);
    if (cli->options.repeat)
        printf("  time: min %.3f us, median %.3f us over %u launches\n", (double)r->min_ns / 1e3, (double)r->median_ns / 1e3, r->runs);
}

/* Replays one entry directory; returns 0 when everything asked for succeeded. */
static int replay_one(offload_context* ctx, const replay_cli* cli, const char* path) {
    offload__rr_entry e;
    offload_result r = offload__rr_read_entry(ctx, path, &e);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "%s: refused: %s (%s)\n", path, e.error, offload_result_string(r));
        offload__rr_entry_free(ctx, &e);
        return 1;
    }
    offload__replay_report report;
    r = offload__replay(ctx, &e, &cli->options, &report);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "%s: replay failed: %s (%s)\n", path, offload_context_last_error(ctx), offload_result_string(r));
        offload__rr_entry_free(ctx, &e);
        return 1;
    }
    print_report(cli, path, &e, &report);
    int failed = report.verified && (report.differing_bytes || report.differing_globals);
    offload__rr_entry_free(ctx, &e);
    return failed;
}

static int is_entry(const char* path) {
    char manifest[4096 + 32];
    snprintf(manifest, sizeof manifest, "%s/manifest.json", path);
    return access(manifest, F_OK) == 0;
}

static int skip_hidden(const struct dirent* d) { return d->d_name[0] != '.'; }

static int replay_directory(offload_context* ctx, const replay_cli* cli) {
    struct dirent** names = NULL;
    int n = scandir(cli->path, &names, skip_hidden, alphasort);
    if (n < 0) {
        fprintf(stderr, "offload-replay: cannot read '%s': %s\n", cli->path, strerror(errno));
        return 1;
    }
    int failures = 0, entries = 0;
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", cli->path, names[i]->d_name);
        if (is_entry(path)) {
            entries++;
            failures += replay_one(ctx, cli, path);
        }
        free(names[i]);
    }
    free(names);
    if (!entries) fprintf(stderr, "offload-replay: no entries in '%s'\n", cli->path);
    if (!cli->quiet || failures) printf("%d entries, %d failed\n", entries, failures);
    return failures || !entries;
}

int main(int argc, char** argv) {
    replay_cli cli;
    if (!parse_args(argc, argv, &cli)) {
        usage(stderr);
        return 2;
    }
    if (cli.help) {
        usage(stdout);
        return 0;
    }
    /* The replay itself must never be recorded. */
    unsetenv("OFFLOAD_RECORD_DIR");
    offload_context* ctx = NULL; /* OFFLOAD_DEBUG=N shows the library's log on stderr */
    offload_result r = offload_context_create(NULL, &ctx);
    if (r != OFFLOAD_SUCCESS) {
        fprintf(stderr, "offload-replay: cannot create a context: %s\n", offload_result_string(r));
        return 1;
    }
    int failed = is_entry(cli.path) ? replay_one(ctx, &cli, cli.path) : replay_directory(ctx, &cli);
    offload_context_destroy(ctx);
    return failed ? 1 : 0;
}
