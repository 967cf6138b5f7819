/* tests/test_omptarget_plugin.c — the libomptarget plugin (build/compat/libomptarget.rtl.x86_64.so)
   called directly through LLVM 14's __tgt_rtl_* interface, as libomptarget calls it: devices,
   image validation, the target table (functions and variables), regions with offsets, memory,
   the asynchronous calls and the errors (bad entry, unknown name, unknown pointer). The OpenMP
   programs in tests/omp/ exercise it through libomptarget itself (compat/omptarget.sh). */
#include "test.h"
#include "files.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

#define PLUGIN OFFLOAD_TEST_ROOT "/build/compat/libomptarget.rtl.x86_64.so"

typedef struct entry {
    void* addr;
    char* name;
    size_t size;
    int32_t flags;
    int32_t reserved;
} entry;
typedef struct image {
    void* start;
    void* end;
    entry* begin;
    entry* finish;
} image;
typedef struct table {
    entry* begin;
    entry* end;
} table;
typedef struct async_info {
    void* queue;
} async_info;

static const char* source = "int value = 5;\n"
                            "void add3(int* out, const int* a, const int* b) { *out = *a + *b + value; }\n";

static struct {
    void* lib;
    int32_t (*number_of_devices)(void);
    int32_t (*init_device)(int32_t);
    int32_t (*is_valid_binary)(image*);
    table* (*load_binary)(int32_t, image*);
    void* (*data_alloc)(int32_t, int64_t, void*, int32_t);
    int32_t (*data_submit)(int32_t, void*, void*, int64_t);
    int32_t (*data_retrieve)(int32_t, void*, void*, int64_t);
    int32_t (*data_delete)(int32_t, void*);
    int32_t (*run_region)(int32_t, void*, void**, ptrdiff_t*, int32_t);
    int32_t (*run_team_region_async)(int32_t, void*, void**, ptrdiff_t*, int32_t, int32_t, int32_t, uint64_t,
                                     async_info*);
    int32_t (*data_submit_async)(int32_t, void*, void*, int64_t, async_info*);
    int32_t (*synchronize)(int32_t, async_info*);
    char* so;
    size_t so_size;
} p;

#define BIND(field, name) (*(void**)& p.field = dlsym(p.lib, name)) != NULL

static int bind(void) {
    if (p.lib) return 1;
    if (!(p.lib = dlopen(PLUGIN, RTLD_NOW | RTLD_LOCAL))) return 0;
    return BIND(number_of_devices, "__tgt_rtl_number_of_devices") && BIND(init_device, "__tgt_rtl_init_device") &&
           BIND(is_valid_binary, "__tgt_rtl_is_valid_binary") && BIND(load_binary, "__tgt_rtl_load_binary") &&
           BIND(data_alloc, "__tgt_rtl_data_alloc") && BIND(data_submit, "__tgt_rtl_data_submit") &&
           BIND(data_retrieve, "__tgt_rtl_data_retrieve") && BIND(data_delete, "__tgt_rtl_data_delete") &&
           BIND(run_region, "__tgt_rtl_run_target_region") &&
           BIND(run_team_region_async, "__tgt_rtl_run_target_team_region_async") &&
           BIND(data_submit_async, "__tgt_rtl_data_submit_async") && BIND(synchronize, "__tgt_rtl_synchronize");
}

static entry host_entries[2] = {{NULL, "add3", 0, 0, 0}, {NULL, "value", sizeof(int), 0, 0}};

static table* load(int32_t device, entry* begin, entry* end) {
    image img = {p.so, p.so + p.so_size, begin, end};
    return p.load_binary(device, &img);
}

static void test_devices_and_images(void) {
    if (!bind()) SKIP("%s not built or not loadable: %s", PLUGIN, dlerror());
    CHECK(p.number_of_devices() == 4);
    CHECK(p.init_device(0) == 0);
    CHECK(p.init_device(4) != 0);
    char garbage[64] = "not an image";
    image bad = {garbage, garbage + sizeof garbage, NULL, NULL};
    CHECK(p.is_valid_binary(&bad) == 0);
    if (!p.so && !(p.so = test_build_shared_object(source, &p.so_size))) SKIP("no C compiler (cc) to build an image");
    image good = {p.so, p.so + p.so_size, host_entries, host_entries + 2};
    CHECK(p.is_valid_binary(&good) == 1);
    table* t = load(0, host_entries, host_entries + 2);
    REQUIRE(t && t->end - t->begin == 2);
    CHECK(t->begin[0].addr != NULL && t->begin[0].size == 0 && strcmp(t->begin[0].name, "add3") == 0);
    REQUIRE(t->begin[1].addr != NULL && t->begin[1].size == sizeof(int));
    CHECK(*(int*)t->begin[1].addr == 5);
    /* Each load is its own instance of the image, with its own variables. */
    table* other = load(1, host_entries, host_entries + 2);
    REQUIRE(other);
    CHECK(other->begin[1].addr != t->begin[1].addr);
    entry missing[1] = {{NULL, "no_such_region", 0, 0, 0}};
    fprintf(stderr, "  (an error message from the plugin follows)\n");
    CHECK(load(0, missing, missing + 1) == NULL);
}

static void test_regions_memory_and_async(void) {
    if (!bind()) SKIP("%s not built or not loadable", PLUGIN);
    if (!p.so && !(p.so = test_build_shared_object(source, &p.so_size))) SKIP("no C compiler (cc) to build an image");
    table* t = load(0, host_entries, host_entries + 2);
    REQUIRE(t);
    int host[4] = {0, 10, 20, 30};
    int* dev = (int*)p.data_alloc(0, sizeof host, host, 0);
    REQUIRE(dev);
    CHECK(p.data_submit(0, dev, host, sizeof host) == 0);
    /* args[i] + offsets[i]: out = dev[0], a = dev[1], b = dev[3] through a base and an offset. */
    void* args[3] = {dev, dev, dev + 2};
    ptrdiff_t offsets[3] = {0, sizeof(int), sizeof(int)};
    CHECK(p.run_region(0, t->begin[0].addr, args, offsets, 3) == 0);
    int back[4] = {0};
    CHECK(p.data_retrieve(0, back, dev, sizeof back) == 0);
    CHECK(back[0] == 10 + 30 + 5);

    async_info a = {NULL};
    int seven = 7;
    CHECK(p.data_submit_async(0, dev + 1, &seven, sizeof seven, &a) == 0);
    CHECK(p.run_team_region_async(0, t->begin[0].addr, args, offsets, 3, 8, 64, 0, &a) == 0);
    CHECK(p.synchronize(0, &a) == 0);
    CHECK(a.queue == NULL);
    CHECK(p.data_retrieve(0, back, dev, sizeof back) == 0);
    CHECK(back[0] == 7 + 30 + 5);

    fprintf(stderr, "  (error messages from the plugin follow)\n");
    int not_an_entry = 0;
    CHECK(p.run_region(0, &not_an_entry, args, offsets, 3) != 0);
    CHECK(p.run_region(0, t->begin[0].addr, args, offsets, -1) != 0);
    CHECK(p.data_alloc(0, -1, NULL, 0) == NULL);
    CHECK(p.data_delete(0, dev) == 0);
    CHECK(p.data_delete(0, host) != 0);
}

/* The event entry points of a second instance of the plugin, loaded from a copy of its file with
   OFFLOAD_OMP_QUEUES=1 set for its first call, when its context is made (the plugin's state is
   per loaded file, so the instance above keeps running without queues). */
static struct {
    void* lib;
    int32_t (*init_device)(int32_t);
    void* (*data_alloc)(int32_t, int64_t, void*, int32_t);
    int32_t (*data_delete)(int32_t, void*);
    int32_t (*data_submit_async)(int32_t, void*, void*, int64_t, async_info*);
    int32_t (*synchronize)(int32_t, async_info*);
    int32_t (*create_event)(int32_t, void**);
    int32_t (*record_event)(int32_t, void*, async_info*);
    int32_t (*sync_event)(int32_t, void*);
    int32_t (*destroy_event)(int32_t, void*);
} q;

#define BIND_Q(field, name) (*(void**)& q.field = dlsym(q.lib, name)) != NULL

static int bind_queues(void) {
    if (q.lib) return 1;
    size_t size = 0;
    char* so = test_read_file(PLUGIN, &size);
    char path[] = "/tmp/offload-test-omp-queues-XXXXXX";
    int fd = so ? mkstemp(path) : -1;
    if (fd >= 0) close(fd);
    int copied = fd >= 0 && test_write_file(path, so, size);
    free(so);
    setenv("OFFLOAD_OMP_QUEUES", "1", 1);
    if (copied) q.lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (fd >= 0) remove(path); /* the loaded copy stays mapped */
    int bound = q.lib && BIND_Q(init_device, "__tgt_rtl_init_device") && BIND_Q(data_alloc, "__tgt_rtl_data_alloc") &&
                BIND_Q(data_delete, "__tgt_rtl_data_delete") &&
                BIND_Q(data_submit_async, "__tgt_rtl_data_submit_async") &&
                BIND_Q(synchronize, "__tgt_rtl_synchronize") && BIND_Q(create_event, "__tgt_rtl_create_event") &&
                BIND_Q(record_event, "__tgt_rtl_record_event") && BIND_Q(sync_event, "__tgt_rtl_sync_event") &&
                BIND_Q(destroy_event, "__tgt_rtl_destroy_event") && q.init_device(0) == 0;
    unsetenv("OFFLOAD_OMP_QUEUES");
    return bound;
}

/* Under queues libomptarget creates an event per variable it maps anew and destroys it when the
   mapping ends: an event whose records were all reached is kept and handed out again, one with a
   record still pending is destroyed (its next user would wait for work not its own). */
static void test_events_reused_under_queues(void) {
    if (!bind_queues()) SKIP("a copy of %s could not be loaded with OFFLOAD_OMP_QUEUES=1", PLUGIN);
    enum { BIG = 64 << 20 }; /* past the size a queue copies at once: its thread copies it, for milliseconds */
    char* host = (char*)calloc(1, BIG);
    char* dev = (char*)q.data_alloc(0, BIG, host, 0);
    REQUIRE(host && dev);
    async_info a = {NULL};
    void* first = NULL;
    REQUIRE(q.create_event(0, &first) == 0 && first != NULL);
    CHECK(q.data_submit_async(0, dev, host, 4096, &a) == 0);
    CHECK(q.record_event(0, first, &a) == 0); /* on an idle queue: reached at once */
    CHECK(q.synchronize(0, &a) == 0);
    CHECK(q.destroy_event(0, first) == 0);
    void* again = NULL;
    CHECK(q.create_event(0, &again) == 0);
    CHECK(again == first);

    CHECK(q.data_submit_async(0, dev, host, BIG, &a) == 0);
    CHECK(q.record_event(0, again, &a) == 0); /* behind the big copy */
    CHECK(q.destroy_event(0, again) == 0);
    void* fresh = NULL;
    CHECK(q.create_event(0, &fresh) == 0);
    CHECK(fresh != NULL && fresh != again);
    CHECK(q.sync_event(0, fresh) == 0);
    CHECK(q.synchronize(0, &a) == 0);
    CHECK(q.destroy_event(0, fresh) == 0);
    CHECK(q.data_delete(0, dev) == 0);
    free(host);
}

int main(void) {
    RUN(test_devices_and_images);
    RUN(test_regions_memory_and_async);
    RUN(test_events_reused_under_queues);
    free(p.so);
    return test_summary();
}
