import BattleLogKit

/// Shell completions for bash, zsh and fish, generated from the command table: the commands,
/// their options, the values an option takes (its choices, a file, the `--by` fields) and, for
/// `--owner` and `--vs`, the names of the Humans in the database the line points to (through
/// `battlelog names`).
enum Completions {
    /// What may follow an option or stand in a positional place.
    enum Value: Equatable {
        case none
        case words([String])
        case file
        case names
    }

    /// An option as completion sees it.
    struct Option {
        let flag: String
        let value: Value
        let count: Int
        let help: String
    }

    /// A command as completion sees it.
    struct Entry {
        let name: String
        let summary: String
        let options: [Option]
        let positionals: [Value]
    }

    static func option(_ o: OptionSpec) -> Option {
        let value: Value
        if let choices = o.choices { value = .words(choices) }
        else if o.key == .owner || o.key == .vs { value = .names }
        else if o.key == .by { value = .words(byFields) }
        else if let v = o.valueName, v.contains("|") { value = .words(v.split(separator: "|").map(String.init)) }
        else if let v = o.valueName, ["PATH", "FILE", "DEST", "STORE"].contains(v) { value = .file }
        else { value = .none }
        return Option(flag: "--" + o.name, value: value, count: o.valueCount,
                      help: String(o.help.split(separator: "\n").first ?? ""))
    }

    /// The `--by` fields, each bucket written out (`date:week`).
    static let byFields: [String] = GroupField.groupableNames(extraPaths: QueryColumns.computed.extraPaths).flatMap { name -> [String] in
        if name.hasPrefix("date:") { return ["date:day", "date:week", "date:month"] }
        return [String(name.prefix { $0 != "[" })]
    }

    static var entries: [Entry] {
        BattlelogCLI.commands.map { c in
            Entry(name: c.spec.name, summary: c.spec.summary, options: c.spec.options.map(option),
                  positionals: c.spec.positionals.map { p in
                      p.contains("|") ? .words(p.split(separator: "|").map(String.init)) : (["FILE", "DEST", "STORE"].contains(p) ? .file : .none)
                  })
        }
    }

    static var globals: [Option] { GlobalOptions.specs.map(option) }

    /// Single-quoted for a POSIX shell or fish.
    static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The shell code both bash and zsh run, written once: the scan of the words before the
    /// cursor (the command, `--db`'s path, how many positionals), then what to offer after a
    /// global option, before the command, after a command's option and in its positional
    /// places. `words` is the shell's array of the line's words, `first` the index of the word
    /// after `battlelog`, `current` the index of the word being completed; `reply` offers a
    /// value and returns, `offer` offers words and returns.
    static func body(words: String, first: Int, current: String, reply: (Value) -> String, offer: ([String]) -> String) -> String {
        var s = """
                local cmd="" db="" i positional=0
                for (( i = \(first); i < \(current); i++ )); do
                    case "${\(words)[i]}" in
                        --db) db="${\(words)[i+1]}"; (( i++ ));;
                        --db=*) db="${\(words)[i]#--db=}";;
                        --lang) (( i++ ));;
                        -*) ;;
                        *) if [[ -z "$cmd" ]]; then cmd="${\(words)[i]}"; else (( positional++ )); fi;;
                    esac
                done
                case "$prev" in

            """
        for o in globals where o.count > 0 { s += "        \(o.flag)) \(reply(o.value));;\n" }
        s += "    esac\n"
        s += "    if [[ -z \"$cmd\" ]]; then\n"
        s += "        \(offer(entries.map(\.name) + globals.map(\.flag) + ["--help", "--version"]))\n"
        s += "    fi\n"
        s += "    case \"$cmd\" in\n"
        for e in entries {
            s += "        \(e.name))\n"
            for o in e.options where o.count > 1 {
                s += "            if [[ \"$prev2\" == \(o.flag) ]]; then \(reply(o.value)); fi\n"
            }
            s += "            case \"$prev\" in\n"
            for o in e.options where o.count > 0 { s += "                \(o.flag)) \(reply(o.value));;\n" }
            s += "            esac\n"
            s += "            if [[ \"$cur\" != -* ]]; then\n"
            s += "                case \"$positional\" in\n"
            for (i, p) in e.positionals.enumerated() where p != .none { s += "                    \(i)) \(reply(p));;\n" }
            s += "                esac\n"
            s += "            fi\n"
            s += "            \(offer(e.options.map(\.flag) + ["--help"]));;\n"
        }
        s += "    esac\n}\n"
        return s
    }

    // MARK: bash

    // MARK: bash

    static var bash: String {
        func reply(_ value: Value) -> String {
            switch value {
            case .none: "return 0"
            case .file: "COMPREPLY=( $(compgen -f -- \"$cur\") ); return 0"
            case .names: "_battlelog_names; return 0"
            // A word bash split at its colon goes back in as the part after it (`strip`).
            case .words(let w): "COMPREPLY=( $(compgen -W \(quoted(w.joined(separator: " "))) -- \"$cur\") ); COMPREPLY=( \"${COMPREPLY[@]#\"$strip\"}\" ); return 0"
            }
        }
        var s = """
            # bash completion for battlelog (generated: battlelog completions bash)
            _battlelog_names() {
                local -a dbarg=()
                [[ -n "$db" ]] && dbarg=(--db "${db/#\\~/$HOME}")
                local IFS=$'\\n' typed="${cur//\\\\/}" quote=""
                [[ "$cur" == [\\"\\']* ]] && quote="${cur:0:1}"
                typed="${typed#[\\"\\']}"
                local -a found=( $(compgen -W "$(command battlelog "${dbarg[@]}" names 2>/dev/null)" -- "$typed") )
                (( ${#found[@]} )) || return 0
                # After an opening quote a name goes in as it is, in its quotes; else escaped.
                if [[ -n "$quote" ]]; then
                    COMPREPLY=( $(for n in "${found[@]}"; do printf '%s%s%s\\n' "$quote" "$n" "$quote"; done) )
                else
                    COMPREPLY=( $(printf '%q\\n' "${found[@]}") )
                fi
            }
            _battlelog() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" prev2="" strip=""
                (( COMP_CWORD > 1 )) && prev2="${COMP_WORDS[COMP_CWORD-2]}"
                # bash splits a word at a colon (COMP_WORDBREAKS): --by date:w comes as date, :, w.
                if [[ "$cur" == ":" && "$prev2" == --by ]]; then
                    strip="$prev"; cur="$prev:"; prev="--by"
                elif [[ "$prev" == ":" && "${COMP_WORDS[COMP_CWORD-3]}" == --by ]]; then
                    strip="$prev2:"; cur="$prev2:$cur"; prev="--by"
                fi

            """
        s += body(words: "COMP_WORDS", first: 1, current: "COMP_CWORD", reply: reply) { words in
            "COMPREPLY=( $(compgen -W \(quoted(words.joined(separator: " "))) -- \"$cur\") ); return 0"
        }
        s += "complete -F _battlelog battlelog\n"
        return s
    }

    // MARK: zsh

    static var zsh: String {
        func add(_ value: Value) -> String {
            switch value {
            case .none: "return 0"
            case .file: "_files; return"
            case .names: "local -a names dbarg; [[ -n \"$db\" ]] && dbarg=(--db \"${~db}\"); names=( ${(f)\"$(command battlelog \"${dbarg[@]}\" names 2>/dev/null)\"} ); compadd -a names; return"
            case .words(let w): "compadd -- \(w.map(quoted).joined(separator: " ")); return"
            }
        }
        var s = """
            #compdef battlelog
            # zsh completion for battlelog (generated: battlelog completions zsh)
            _battlelog() {
                local cur="${words[CURRENT]}" prev="${words[CURRENT-1]}" prev2="${words[CURRENT-2]}"

            """
        s += body(words: "words", first: 2, current: "CURRENT", reply: add) { words in
            "compadd -- \(words.map(quoted).joined(separator: " ")); return"
        }
        // Loaded by compinit from fpath, the file is the function's body; sourced, it defines it.
        s += "if [[ \"$funcstack[1]\" == _battlelog ]]; then _battlelog \"$@\"; else compdef _battlelog battlelog 2>/dev/null; fi\n"
        return s
    }

    // MARK: fish

    static var fish: String {
        func args(_ value: Value) -> String {
            switch value {
            case .none: "-x"
            case .file: "-r -F"
            case .names: "-x -a '(__battlelog_names)'"
            case .words(let w): "-x -a \(quoted(w.joined(separator: " ")))"
            }
        }
        var s = """
            # fish completion for battlelog (generated: battlelog completions fish)
            function __battlelog_command
                set -l tokens (commandline -opc)
                set -e tokens[1]
                while set -q tokens[1]
                    switch $tokens[1]
                        case --db --lang
                            set -e tokens[1]
                        case '-*'
                        case '*'
                            echo $tokens[1]
                            return 0
                    end
                    set -e tokens[1]
                end
                return 1
            end
            function __battlelog_needs_command
                not __battlelog_command >/dev/null
            end
            function __battlelog_using
                set -l command (__battlelog_command)
                test "$command" = $argv[1]
            end
            function __battlelog_names
                set -l tokens (commandline -opc)
                set -l db
                for i in (seq (count $tokens))
                    if test "$tokens[$i]" = --db; and set -q tokens[(math $i + 1)]
                        set db --db (string replace -r '^~' $HOME -- $tokens[(math $i + 1)])
                    end
                end
                command battlelog $db names 2>/dev/null
            end
            complete -c battlelog -f

            """
        for o in globals {
            s += "complete -c battlelog -l \(o.flag.dropFirst(2)) \(o.count > 0 ? args(o.value) : "") -d \(quoted(o.help))\n"
        }
        for e in entries {
            s += "complete -c battlelog -n __battlelog_needs_command -a \(e.name) -d \(quoted(e.summary))\n"
            for o in e.options {
                s += "complete -c battlelog -n '__battlelog_using \(e.name)' -l \(o.flag.dropFirst(2)) \(o.count > 0 ? args(o.value) : "") -d \(quoted(o.help))\n"
            }
            for p in e.positionals where p != .none {
                switch p {
                case .words(let w): s += "complete -c battlelog -n '__battlelog_using \(e.name)' -a \(quoted(w.joined(separator: " ")))\n"
                case .file: s += "complete -c battlelog -n '__battlelog_using \(e.name)' -F\n"
                default: break
                }
            }
        }
        // The second name of `--vs A B`.
        s += "complete -c battlelog -n '__battlelog_using stats; and test (commandline -opc)[-2] = --vs' -x -a '(__battlelog_names)'\n"
        return s
    }
}
