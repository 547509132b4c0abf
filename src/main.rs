fn main() {
    std::process::exit(minimod::cli::main(std::env::args_os()));
}
