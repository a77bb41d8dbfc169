//! Hints to the machine about memory: the one module of the library that
//! holds `unsafe` code, two calls that change no value the program can
//! see.
//!
//! - [`huge_pages`] asks Linux to back a large table with 2 MiB pages. A
//!   perft table of gigabytes is read at random, and with 4 KiB pages most
//!   probes miss the TLB as well as the cache.
//! - [`prefetch`] asks the CPU to start loading a cache line that will be
//!   read soon, so that the loads of several probes overlap.
//!
//! Both are hints: on other systems, or when the kernel declines, they do
//! nothing, and no count depends on them.

/// Asks the kernel to back the memory of `items` with huge pages, where it
/// can (Linux with transparent huge pages in `madvise` or `always` mode).
/// Call it before the memory is first written: pages already faulted in
/// stay small until the kernel's background merging gets to them.
pub fn huge_pages<T>(items: &[T]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = items.as_ptr() as usize;
        let end = start + std::mem::size_of_val(items);
        // Only the whole huge pages inside the slice: madvise wants an
        // aligned start, and must not touch memory the slice does not own.
        let from = start.next_multiple_of(HUGE);
        let to = end - end % HUGE;
        if to > from {
            // SAFETY: [from, to) lies inside `items`, memory this process
            // owns and that stays mapped while the borrow lasts. MADV_HUGEPAGE
            // only changes how the kernel backs the range: it neither maps,
            // unmaps nor changes a byte of it. Its result is a hint's: a
            // kernel without transparent huge pages returns EINVAL, which is
            // ignored.
            #[allow(unsafe_code)]
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = items;
}

/// Asks the CPU to bring the cache line of `item` into its caches, without
/// waiting for it.
#[inline(always)]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 CPU has, and
    // reads nothing the program sees: a prefetch of any address is allowed,
    // and this one is a valid reference.
    #[allow(unsafe_code)]
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
