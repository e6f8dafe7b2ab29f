// ncursesw for Swift. SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600, so the wide-character
// API is switched on here, and the macros Swift cannot import are wrapped as inline functions.
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

int wcwidth(wchar_t c);

static inline int bl_color_pair(int n) { return COLOR_PAIR(n); }
static inline int bl_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int bl_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline WINDOW *bl_stdscr(void) { return stdscr; }
static inline int bl_attr_bold(void) { return A_BOLD; }
static inline int bl_attr_reverse(void) { return A_REVERSE; }
static inline int bl_attr_dim(void) { return A_DIM; }
static inline int bl_attr_underline(void) { return A_UNDERLINE; }
static inline int bl_key_mouse(void) { return KEY_MOUSE; }
static inline int bl_key_resize(void) { return KEY_RESIZE; }
static inline int bl_colors(void) { return COLORS; }
static inline mmask_t bl_button1_click(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED; }
static inline mmask_t bl_button1_press(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }
static inline mmask_t bl_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t bl_wheel_down(void) { return BUTTON5_PRESSED; }

/* Last, because term.h defines short macros (lines, columns, ...) for the rest of a C file. */
#include <ncursesw/term.h>

/* Whether terminfo can drive `term` full-screen, without starting curses: 0 yes, 1 not in the
   terminfo database, 2 no terminfo database, 3 the terminal cannot move its cursor. */
static inline int bl_probe_terminal(const char *term) {
    int err = 0;
    if (setupterm(term, 1, &err) != OK) return err == -1 ? 2 : 1;
    const char *cup = tigetstr("cup");
    int result = (cup == NULL || cup == (const char *)-1) ? 3 : 0;
    del_curterm(cur_term);
    return result;
}
