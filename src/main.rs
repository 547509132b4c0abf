fn main() {
    std::process::exit(minimod::main(std::env::args_os()));
}
