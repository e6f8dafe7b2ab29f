// toml++ behind a C interface: the tree walked into toml-test's tagged JSON.
#define TOML_EXCEPTIONS 0
#define TOML_HEADER_ONLY 1
#include <toml++/toml.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

#include "CTOML.h"

namespace {

void quote(std::string &out, std::string_view s) {
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7F) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
                out += buffer;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

template <typename T> std::string printed(const T &value) {
    std::ostringstream s;
    s << value;
    return s.str();
}

void leaf(std::string &out, const char *type, const std::string &value, const toml::node &node, bool lines) {
    out += "{\"type\":\"";
    out += type;
    out += "\",\"value\":";
    quote(out, value);
    if (lines) {
        out += ",\"line\":";
        out += std::to_string(node.source().begin.line);
    }
    out += '}';
}

void write(std::string &out, const toml::node &node, bool lines) {
    switch (node.type()) {
    case toml::node_type::table: {
        out += '{';
        bool first = true;
        for (auto &&[key, value] : *node.as_table()) {
            if (!first) out += ',';
            first = false;
            quote(out, key.str());
            out += ':';
            write(out, value, lines);
        }
        out += '}';
        break;
    }
    case toml::node_type::array: {
        // With lines an array is {"$array": [...], "line": N}: an array has no key of its own.
        if (lines) out += "{\"$array\":";
        out += '[';
        bool first = true;
        for (auto &&value : *node.as_array()) {
            if (!first) out += ',';
            first = false;
            write(out, value, lines);
        }
        out += ']';
        if (lines) {
            out += ",\"line\":";
            out += std::to_string(node.source().begin.line);
            out += '}';
        }
        break;
    }
    case toml::node_type::string: leaf(out, "string", std::string(node.as_string()->get()), node, lines); break;
    case toml::node_type::integer: leaf(out, "integer", std::to_string(node.as_integer()->get()), node, lines); break;
    case toml::node_type::floating_point: {
        double d = node.as_floating_point()->get();
        std::string text;
        if (d != d) text = "nan";
        else if (d == HUGE_VAL) text = "inf";
        else if (d == -HUGE_VAL) text = "-inf";
        else {
            char buffer[32];
            std::snprintf(buffer, sizeof buffer, "%.17g", d);
            text = buffer;
        }
        leaf(out, "float", text, node, lines);
        break;
    }
    case toml::node_type::boolean: leaf(out, "bool", node.as_boolean()->get() ? "true" : "false", node, lines); break;
    case toml::node_type::date: leaf(out, "date-local", printed(node.as_date()->get()), node, lines); break;
    case toml::node_type::time: leaf(out, "time-local", printed(node.as_time()->get()), node, lines); break;
    case toml::node_type::date_time: {
        const auto &dt = node.as_date_time()->get();
        leaf(out, dt.offset ? "datetime" : "datetime-local", printed(dt), node, lines);
        break;
    }
    default: out += "null"; break;
    }
}

char *copy(const std::string &s) {
    char *c = static_cast<char *>(std::malloc(s.size() + 1));
    if (c) std::memcpy(c, s.c_str(), s.size() + 1);
    return c;
}

} // namespace

extern "C" ctoml_result ctoml_parse(const char *text, size_t length, int with_lines) {
    ctoml_result result = {nullptr, nullptr, 0, 0};
    toml::parse_result parsed = toml::parse(std::string_view(text, length));
    if (!parsed) {
        const toml::parse_error &e = parsed.error();
        result.error = copy(std::string(e.description()));
        result.line = e.source().begin.line;
        result.column = e.source().begin.column;
        return result;
    }
    std::string out;
    write(out, parsed.table(), with_lines != 0);
    result.json = copy(out);
    return result;
}

extern "C" void ctoml_result_free(ctoml_result *result) {
    std::free(result->json);
    std::free(result->error);
    result->json = nullptr;
    result->error = nullptr;
}
