import BattleLogKit

/// The English and Chinese labels of the timeline's line, `show --timeline` and the replay: this kind's
/// own, merged into every `Labels` table (`Labels.load`).
extension Timeline {
    public static let labels: [String: [String: String]] = [
        "en": [
            "noTimeline": "no timeline",
            "timeline.crits": "{0} critical hits",
            "timeline.crits.one": "1 critical hit",
            "timeline.biggestHit": "biggest hit {0}",
            "timeline.firstHit": "first hit {0}",
            "timeline.actions": "{0} actions",
            "timeline.actions.one": "1 action",
            "timeline.kind.strike": "strike",
            "timeline.kind.magic": "magic",
            "timeline.kind.dodge": "dodge",
            "timeline.kind.critical": "critical",
            "timeline.kind.final": "final blow",
            "timeline.die": "die {0} = {1}",
            "timeline.hitPoints": "HP {0} / {1}",
            "timeline.heading": "Fight {0}: {1} › {2}, {3} actions, ended at {4}",
            "timeline.none": "record {0} has no timeline (written before timelines, or imported)",
            "timeline.damaged": "record {0}'s timeline is damaged: {1}",
        ],
        "zh": [
            "noTimeline": "无时间线",
            "timeline.crits": "{0} 次暴击",
            "timeline.crits.one": "1 次暴击",
            "timeline.biggestHit": "最大伤害 {0}",
            "timeline.firstHit": "首次命中 {0}",
            "timeline.actions": "{0} 个动作",
            "timeline.actions.one": "1 个动作",
            "timeline.kind.strike": "普攻",
            "timeline.kind.magic": "魔法",
            "timeline.kind.dodge": "闪避",
            "timeline.kind.critical": "暴击",
            "timeline.kind.final": "致命一击",
            "timeline.die": "骰子 {0} = {1}",
            "timeline.hitPoints": "生命 {0} / {1}",
            "timeline.heading": "战斗 {0}：{1} › {2}，{3} 个动作，结束于 {4}",
            "timeline.none": "记录 {0} 没有时间线（写于时间线之前，或是导入的）",
            "timeline.damaged": "记录 {0} 的时间线已损坏：{1}",
        ],
    ]
}
