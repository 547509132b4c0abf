// mimalloc: the engine makes many small, short-lived allocations (values,
// addresses, strings); glibc's malloc was about 30% of a refactor's time.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(minimod::main(std::env::args_os()));
}
