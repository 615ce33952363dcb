//! The calling thread's CPU time, for `rate --timing`: on a loaded machine
//! wall-clock time per puzzle swings severalfold between runs, CPU time does
//! not.

use std::time::Duration;

/// CPU time used by this thread so far, where the system tells it.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub fn thread_cpu_time() -> Option<Duration> {
    use rustix::time::{clock_gettime, ClockId};
    let t = clock_gettime(ClockId::ThreadCPUTime);
    Some(Duration::new(
        u64::try_from(t.tv_sec).ok()?,
        u32::try_from(t.tv_nsec).ok()?,
    ))
}

/// CPU time used by this thread so far, where the system tells it.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn advances_with_work() {
        let a = thread_cpu_time().expect("a thread CPU clock on Linux");
        let mut x = 1u64;
        for _ in 0..5_000_000 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let b = thread_cpu_time().unwrap();
        assert!(b > a, "{a:?} then {b:?}");
    }
}
