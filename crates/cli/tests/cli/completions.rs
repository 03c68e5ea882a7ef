//! `nanite completions SHELL`: a completion script for each shell clap_complete
//! knows, naming nanite's subcommands and their flags.

use super::*;

/// Every subcommand of `nanite`, as `nanite --help` lists them.
const SUBCOMMANDS: [&str; 10] = [
    "roll",
    "cx",
    "d20",
    "station",
    "export",
    "import",
    "serve",
    "sim",
    "verify",
    "completions",
];

#[test]
fn bash_completes_every_subcommand_and_their_flags() {
    // input: `nanite completions bash`
    let script = succeeds(&["completions", "bash"]);
    assert!(script.contains("complete -F _nanite"), "a bash completion");
    // The subcommands offered after `nanite`, in the script's first list.
    let offered = script
        .lines()
        .find(|l| l.contains("opts=\"") && l.contains("roll"))
        .expect("the list of what follows `nanite`");
    for sub in SUBCOMMANDS {
        assert!(
            offered
                .split(|c: char| !c.is_alphanumeric() && c != '-')
                .any(|w| w == sub),
            "{sub} is offered: {offered}"
        );
    }
    // Nested subcommands and their flags, negative-number ones included.
    for word in [
        "nanite__subcmd__d20__subcmd__check",
        "--dc",
        "--threshold",
        "nanite__subcmd__cx__subcmd__odds",
        "--distance",
    ] {
        assert!(script.contains(word), "{word} is completed");
    }
}

#[test]
fn every_shell_has_a_script() {
    // input: each shell clap_complete knows
    for (shell, mark) in [
        ("bash", "_nanite()"),
        ("zsh", "#compdef nanite"),
        ("fish", "complete -c nanite"),
        ("elvish", "edit:completion:arg-completer[nanite]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = succeeds(&["completions", shell]);
        assert!(script.contains(mark), "{shell}: {mark}");
        assert!(
            script.contains("roll") && script.contains("station"),
            "{shell}"
        );
    }
    let err = fails(&["completions", "tcsh"]);
    assert!(
        err.contains("invalid value 'tcsh'")
            && err.contains("[possible values: bash, elvish, fish, powershell, zsh]"),
        "{err}"
    );
}
