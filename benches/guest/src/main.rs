//! Host mode's side of the guest benchmark: this program starts the runtime `CILBIND_RUNTIME`
//! names (Mono by default) as every host-mode cilbind program does, then runs the very loops
//! guest mode runs ([`cilbind_guest_bench::run`]), on its main thread.

fn main() -> std::process::ExitCode {
    managed_tests::runtime();
    std::process::ExitCode::from(cilbind_guest_bench::run("host"))
}
