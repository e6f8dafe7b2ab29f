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
    static let byFields: [String] = GroupField.groupableNames(extraPaths: QueryColumns.computed.extraPaths, kinds: QueryColumns.computed.extraPathKinds).flatMap { name -> [String] in
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

    /// bash's shell code (zsh has `_arguments`): the scan of the words before the
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
        s += "        \(offer(entries.map(\.name) + ["help"] + globals.map(\.flag) + ["--help", "--version"]))\n"
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
            s += "            \(offer(e.options.map(\.flag) + globals.map(\.flag) + ["--help"]));;\n"
        }
        s += "        help) \(offer(entries.map(\.name) + ["--man"]));;\n"
        s += "    esac\n}\n"
        return s
    }

    // MARK: bash

    /// bash: every candidate is matched against what was typed as a plain prefix (`[[ ==
    /// "$typed"* ]]`) and goes into COMPREPLY as one array element; no word list is ever handed
    /// to `compgen -W`, which expands `$(…)` and backticks in it. Names are quoted for the line
    /// (`printf %q`, or inside the quote the user opened); paths come from `compgen -f` with
    /// `-o filenames`, so that a space stays in one word and a folder gains its `/`.
    static var bash: String {
        func reply(_ value: Value) -> String {
            switch value {
            case .none: "return 0"
            case .file: "_battlelog_files; return 0"
            case .names: "_battlelog_names; return 0"
            // A word bash split at its colon goes back in as the part after it (`strip`).
            case .words(let w): "_battlelog_offer \(w.map(quoted).joined(separator: " ")); COMPREPLY=( \"${COMPREPLY[@]#\"$strip\"}\" ); return 0"
            }
        }
        var s = #"""
            # bash completion for battlelog (generated: battlelog completions bash)
            # No text from the database or the line is ever expanded: candidates are compared as
            # plain prefixes and quoted with printf %q.

            # The word as the shell will pass it: quotes removed, backslash escapes undone,
            # a leading ~/ made $HOME/. Nothing in it is expanded.
            _battlelog_dequote() {
                local word="$1" out="" c quote="" i
                for (( i = 0; i < ${#word}; i++ )); do
                    c="${word:i:1}"
                    if [[ "$quote" == "'" ]]; then
                        if [[ "$c" == "'" ]]; then quote=""; else out+="$c"; fi
                    elif [[ "$quote" == '"' ]]; then
                        if [[ "$c" == '"' ]]; then quote=""
                        elif [[ "$c" == '\' && "${word:i+1:1}" == [\$\`\"\\] ]]; then (( i++ )); out+="${word:i:1}"
                        else out+="$c"; fi
                    elif [[ "$c" == "'" || "$c" == '"' ]]; then quote="$c"
                    elif [[ "$c" == '\' ]]; then (( i++ )); out+="${word:i:1}"
                    else out+="$c"; fi
                done
                [[ "$out" == "~/"* ]] && out="$HOME/${out#\~/}"
                [[ "$out" == "~" ]] && out="$HOME"
                printf '%s' "$out"
            }
            # Offers each argument that begins with what was typed.
            _battlelog_offer() {
                local w
                for w in "$@"; do [[ "$w" == "$cur"* ]] && COMPREPLY+=("$w"); done
            }
            _battlelog_files() {
                compopt -o filenames 2>/dev/null
                local typed
                typed="$(_battlelog_dequote "$cur")"
                mapfile -t COMPREPLY < <(compgen -f -- "$typed")
            }
            _battlelog_names() {
                local -a dbarg=() all=()
                [[ -n "$db" ]] && dbarg=(--db "$(_battlelog_dequote "$db")")
                local typed quote="" n q
                typed="$(_battlelog_dequote "$cur")"
                [[ "$cur" == [\"\']* ]] && quote="${cur:0:1}"
                mapfile -t all < <(command battlelog "${dbarg[@]}" names 2>/dev/null)
                for n in "${all[@]}"; do
                    [[ "$n" == "$typed"* ]] || continue
                    # Inside the quote the user opened the name stays in it; else printf %q.
                    if [[ "$quote" == "'" ]]; then q="'${n//\'/\'\\\'\'}'"
                    elif [[ "$quote" == '"' ]]; then
                        q="${n//\\/\\\\}"; q="${q//\$/\\\$}"; q="${q//\`/\\\`}"; q="${q//\"/\\\"}"
                        q="\"${q//!/\"\'!\'\"}\""
                    else printf -v q '%q' "$n"; fi
                    COMPREPLY+=("$q")
                done
            }
            _battlelog() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" prev2="" strip=""
                COMPREPLY=()
                (( COMP_CWORD > 1 )) && prev2="${COMP_WORDS[COMP_CWORD-2]}"
                # bash splits a word at a colon (COMP_WORDBREAKS): --by date:w comes as date, :, w.
                if [[ "$cur" == ":" && "$prev2" == --by ]]; then
                    strip="$prev"; cur="$prev:"; prev="--by"
                elif [[ "$prev" == ":" && "${COMP_WORDS[COMP_CWORD-3]}" == --by ]]; then
                    strip="$prev2:"; cur="$prev2:$cur"; prev="--by"
                fi

            """#
        s += body(words: "COMP_WORDS", first: 1, current: "COMP_CWORD", reply: reply) { words in
            "_battlelog_offer \(words.map(quoted).joined(separator: " ")); return 0"
        }
        s += "complete -F _battlelog battlelog\n"
        return s
    }

    // MARK: zsh

    /// zsh: `_arguments` with each option's help, `_describe` for the commands; names are added
    /// with `compadd`, which quotes what it inserts, from the lines of `battlelog names`.
    static var zsh: String {
        /// Text inside an `_arguments` spec's brackets or after its colons.
        func escaped(_ s: String) -> String {
            var out = ""
            for c in s { if "[]:\\".contains(c) { out.append("\\") }; out.append(c) }
            return out
        }
        func action(_ value: Value, _ message: String) -> String {
            switch value {
            case .none: ":\(escaped(message)): "
            case .file: ":\(escaped(message)):_files"
            case .names: ":name:_battlelog_names"
            case .words(let w): ":\(escaped(message)):(\(w.map(escaped).joined(separator: " ")))"
            }
        }
        func spec(_ o: Option) -> String {
            var s = o.flag + (o.count > 0 ? "=" : "") + "[\(escaped(o.help))]"
            for _ in 0..<o.count { s += action(o.value, o.flag.dropFirst(2).uppercased()) }
            return quoted(s)
        }
        let globalSpecs = globals.map(spec).joined(separator: " ")
        let commands = entries.map { quoted("\($0.name):\($0.summary)") } + [quoted("help:this help, or a command's options (help COMMAND)")]
        var s = #"""
            #compdef battlelog
            # zsh completion for battlelog (generated: battlelog completions zsh)
            # Names from the database are added with compadd, which quotes them; nothing is evaluated.
            _battlelog_names() {
                local db="${opt_args[--db]:-$_battlelog_db}"
                local -a dbarg names
                db="${(Q)db}"
                [[ "$db" == "~/"* ]] && db="$HOME/${db#\~/}"
                [[ -n "$db" ]] && dbarg=(--db "$db")
                names=( "${(@f)$(command battlelog "${dbarg[@]}" names 2>/dev/null)}" )
                names=( "${(@)names:#}" )
                compadd -a names
            }
            _battlelog() {
                local curcontext="$curcontext" state state_descr line ret=1
                typeset -A opt_args
                local -a globals=(
            """#
        s += globalSpecs + "\n"
        s += #"""
                )
                _arguments -C -S "${globals[@]}" '(- : *)--help[show the help]' '(- : *)'{-V,--version}'[show the version]' \
                    ': :->command' '*:: :->argument' && ret=0
                case "$state" in
                    command)
                        local -a commands=(

            """#
        s += "                " + commands.joined(separator: "\n                ") + "\n"
        s += #"""
                        )
                        _describe -t commands 'battlelog command' commands && ret=0;;
                    argument)
                        local _battlelog_db="${opt_args[--db]}"
                        curcontext="${curcontext%:*:*}:battlelog-${words[1]}:"
                        case "${words[1]}" in

            """#
        for e in entries {
            var args = e.options.map(spec) + ["'(-)--help[show the options]'", "\"${globals[@]}\""]
            for (i, p) in e.positionals.enumerated() where p != .none { args.append(quoted("\(i + 1)" + action(p, "argument"))) }
            s += "                \(e.name)) _arguments -S \(args.joined(separator: " ")) && ret=0;;\n"
        }
        s += "                help) _arguments '--man[the man page]' '1:command:(\(entries.map(\.name).joined(separator: " ")))' && ret=0;;\n"
        s += #"""
                        esac;;
                esac
                return ret
            }

            """#
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
        s += "complete -c battlelog -n __battlelog_needs_command -a help -d 'this help, or a command\\'s options (help COMMAND)'\n"
        s += "complete -c battlelog -n '__battlelog_using help' -l man -d 'the man page'\n"
        s += "complete -c battlelog -n '__battlelog_using help' -x -a \(quoted(entries.map(\.name).joined(separator: " ")))\n"
        // The second name of `--vs A B`.
        s += "complete -c battlelog -n '__battlelog_using stats; and test (commandline -opc)[-2] = --vs' -x -a '(__battlelog_names)'\n"
        return s
    }
}
