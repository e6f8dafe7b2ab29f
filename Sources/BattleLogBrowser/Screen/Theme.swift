/// Colours by role, never by place: each `Style` a view draws with has a foreground, a
/// background (nil: the terminal's own) and attributes. Built in: `dark` (the first look),
/// `light` (for a light background), `high-contrast` and `mono` (attributes only; what
/// `NO_COLOR` and `--no-color` give). A theme names colours of the 16 every colour terminal
/// has, and finer ones of the 256-colour cube where the terminal has those.
public struct Theme: Sendable, Equatable {
    /// A terminal colour: an index of the 256-colour palette (0–15 the basic sixteen).
    public typealias Colour = Int16

    public struct Look: Sendable, Equatable {
        public var foreground: Colour?
        public var background: Colour?
        public var bold = false, dim = false, reverse = false, underline = false
        /// Used instead of `foreground` on a terminal of 256 colours.
        public var foreground256: Colour?

        public init(_ foreground: Colour? = nil, on background: Colour? = nil, bold: Bool = false, dim: Bool = false,
                    reverse: Bool = false, underline: Bool = false, fg256 foreground256: Colour? = nil) {
            self.foreground = foreground
            self.background = background
            self.bold = bold
            self.dim = dim
            self.reverse = reverse
            self.underline = underline
            self.foreground256 = foreground256
        }

        /// The foreground on a terminal of `colours` colours.
        public func foreground(colours: Int) -> Colour? { colours >= 256 ? (foreground256 ?? foreground) : foreground }
    }

    public let name: String
    /// The background the theme is made for (an sRGB colour, for the contrast check).
    public let assumedBackground: (red: Int, green: Int, blue: Int)
    public let looks: [Style: Look]
    public var usesColour: Bool { looks.values.contains { $0.foreground != nil || $0.background != nil } }

    public static func == (a: Theme, b: Theme) -> Bool { a.name == b.name }

    public func look(_ style: Style) -> Look { looks[style] ?? Look() }

    /// The built-in themes, by the name a config file gives.
    public static let builtIn: [Theme] = [.dark, .light, .highContrast, .mono]
    public static func named(_ name: String) -> Theme? { builtIn.first { $0.name == name } }

    // The basic sixteen.
    static let black: Colour = 0, red: Colour = 1, green: Colour = 2, yellow: Colour = 3, blue: Colour = 4,
               magenta: Colour = 5, cyan: Colour = 6, white: Colour = 7, brightBlack: Colour = 8, brightRed: Colour = 9,
               brightGreen: Colour = 10, brightYellow: Colour = 11, brightBlue: Colour = 12, brightMagenta: Colour = 13,
               brightCyan: Colour = 14, brightWhite: Colour = 15

    /// Attributes every theme shares: what a role is without colour.
    static let shape: [Style: Look] = [
        .bold: Look(bold: true), .selected: Look(reverse: true), .selectedDim: Look(dim: true, reverse: true),
        .damaged: Look(bold: true), .match: Look(bold: true, underline: true),
    ]

    static func with(_ colours: [Style: Look]) -> [Style: Look] {
        shape.merging(colours) { base, colour in
            var l = colour
            // A look with its own background is its own highlight: reversing it would undo it.
            l.bold = l.bold || base.bold; l.dim = l.dim || base.dim; l.underline = l.underline || base.underline
            l.reverse = l.reverse || (base.reverse && colour.background == nil)
            return l
        }
    }

    /// Today's look, for a dark background.
    public static let dark = Theme(name: "dark", assumedBackground: (0, 0, 0), looks: with([
        .dim: Look(dim: true),
        .title: Look(black, on: cyan), .statusBar: Look(black, on: white),
        .win: Look(green, fg256: 78), .loss: Look(red, fg256: 203), .draw: Look(yellow, fg256: 221),
        .hero: Look(cyan, fg256: 80), .villain: Look(magenta, fg256: 213), .damaged: Look(red, bold: true, fg256: 203),
        .accent: Look(yellow, fg256: 221), .border: Look(brightBlue, fg256: 75),
    ]))

    /// For a light background: darker inks.
    public static let light = Theme(name: "light", assumedBackground: (255, 255, 255), looks: with([
        .dim: Look(brightBlack, fg256: 244),
        .title: Look(brightWhite, on: blue), .statusBar: Look(black, on: white),
        // Of the sixteen, green, yellow and cyan are too pale on white: a win is blue there.
        .win: Look(blue, fg256: 28), .loss: Look(red, fg256: 124), .draw: Look(black, fg256: 94),
        .hero: Look(brightBlue, fg256: 25), .villain: Look(magenta, fg256: 90), .damaged: Look(red, bold: true, fg256: 124),
        .accent: Look(magenta, fg256: 130), .border: Look(brightBlack, fg256: 244),
    ]))

    /// Bright inks, bold, nothing dimmed, for a dark background.
    public static let highContrast = Theme(name: "high-contrast", assumedBackground: (0, 0, 0), looks: with([
        .normal: Look(brightWhite), .bold: Look(brightWhite, bold: true), .dim: Look(white),
        .selected: Look(black, on: brightYellow, bold: true), .selectedDim: Look(black, on: white),
        .title: Look(black, on: brightCyan, bold: true), .statusBar: Look(black, on: brightWhite, bold: true),
        .win: Look(brightGreen, bold: true), .loss: Look(brightRed, bold: true), .draw: Look(brightYellow, bold: true),
        .hero: Look(brightCyan, bold: true), .villain: Look(brightMagenta, bold: true), .damaged: Look(brightRed, bold: true, underline: true),
        .accent: Look(brightYellow, bold: true), .border: Look(brightWhite), .match: Look(brightYellow, bold: true, underline: true),
    ]))

    /// No colour: attributes alone (`NO_COLOR`, `--no-color`, `theme = "mono"`).
    public static let mono = Theme(name: "mono", assumedBackground: (0, 0, 0), looks: with([
        .title: Look(reverse: true), .statusBar: Look(reverse: true), .accent: Look(bold: true),
    ]))

    /// The sRGB of a palette colour (xterm's defaults): the sixteen, the 6x6x6 cube, the greys.
    public static func rgb(_ c: Colour) -> (red: Int, green: Int, blue: Int) {
        let sixteen: [(Int, Int, Int)] = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                                          (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        let i = Int(c)
        if i < 16 { return sixteen[i] }
        if i < 232 {
            let n = i - 16, steps = [0, 95, 135, 175, 215, 255]
            return (steps[n / 36], steps[(n / 6) % 6], steps[n % 6])
        }
        let g = 8 + (i - 232) * 10
        return (g, g, g)
    }

    /// WCAG's contrast ratio of two sRGB colours (1 to 21).
    public static func contrast(_ a: (red: Int, green: Int, blue: Int), _ b: (red: Int, green: Int, blue: Int)) -> Double {
        func luminance(_ c: (red: Int, green: Int, blue: Int)) -> Double {
            func channel(_ v: Int) -> Double {
                let s = Double(v) / 255
                return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055).pow(2.4)
            }
            return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}

private extension Double {
    func pow(_ e: Double) -> Double { Foundation.pow(self, e) }
}

import Foundation
