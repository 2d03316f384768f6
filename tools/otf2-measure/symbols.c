// SPDX-License-Identifier: EPL-2.0
/*
 * Names functions from the executable's own ELF symbol table (.symtab, else .dynsym). dladdr alone would only
 * see exported symbols and so misname static functions and GCC's outlined OpenMP bodies (main._omp_fn.0).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "measure.h"

static const unsigned char *g_image;
static size_t g_image_size;

static int map_executable(void) NO_INSTRUMENT;
static int map_executable(void) {
    if (g_image) {
        return 1;
    }
    int fd = open("/proc/self/exe", O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        return 0;
    }
    void *image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (image == MAP_FAILED || (size_t)st.st_size < sizeof(Elf64_Ehdr)
            || memcmp(image, ELFMAG, SELFMAG) != 0 || ((unsigned char *)image)[EI_CLASS] != ELFCLASS64) {
        return 0;
    }
    g_image = image;
    g_image_size = (size_t)st.st_size;
    return 1;
}

static const char *lookup(uint64_t value, uint32_t section_type) NO_INSTRUMENT;
static const char *lookup(uint64_t value, uint32_t section_type) {
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)g_image;
    if (eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr) > g_image_size) {
        return NULL;
    }
    const Elf64_Shdr *sections = (const Elf64_Shdr *)(g_image + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++) {
        const Elf64_Shdr *s = &sections[i];
        if (s->sh_type != section_type || s->sh_link >= eh->e_shnum
                || s->sh_offset + s->sh_size > g_image_size) {
            continue;
        }
        const Elf64_Shdr *strtab = &sections[s->sh_link];
        const Elf64_Sym *symbols = (const Elf64_Sym *)(g_image + s->sh_offset);
        for (size_t k = 0; k < s->sh_size / sizeof(Elf64_Sym); k++) {
            if (ELF64_ST_TYPE(symbols[k].st_info) == STT_FUNC && symbols[k].st_value == value
                    && symbols[k].st_name < strtab->sh_size) {
                return (const char *)(g_image + strtab->sh_offset + symbols[k].st_name);
            }
        }
    }
    return NULL;
}

const char *symbol_name(void *fn) {
    Dl_info info, self;
    /* This library is linked into the executable, so its own address tells which object is the executable. */
    if (!map_executable() || dladdr(fn, &info) == 0 || dladdr((void *)symbol_name, &self) == 0
            || info.dli_fbase != self.dli_fbase) {
        return NULL;
    }
    /* A position-independent executable's symbol values are offsets from its load address. */
    uint64_t value = ((const Elf64_Ehdr *)g_image)->e_type == ET_DYN
            ? (uint64_t)((uintptr_t)fn - (uintptr_t)info.dli_fbase) : (uint64_t)(uintptr_t)fn;
    const char *name = lookup(value, SHT_SYMTAB);
    return name ? name : lookup(value, SHT_DYNSYM);
}
