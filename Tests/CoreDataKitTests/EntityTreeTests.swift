import Testing
@testable import CoreDataKit

/// `CoreDataModel.entityTree()`: sub-entities under their parents, siblings by Z_ENT, and a
/// hostile model's parent cycle cut so that every entity shows exactly once.
@Suite struct EntityTreeTests {
    static func entity(_ name: String, _ id: Int, parent: String? = nil) -> Entity {
        Entity(name: name, id: id, parent: parent, table: "ZCAR", attributes: [], relationships: [])
    }

    @Test func subEntitiesSitUnderTheirParents() {
        let model = CoreDataModel(source: .guessed, entities: [
            Self.entity("Car", 1), Self.entity("LuxuryCar", 2, parent: "SportCar"), Self.entity("Person", 3),
            Self.entity("SportCar", 4, parent: "Car"), Self.entity("Van", 5, parent: "Car"),
        ], historyTables: [])
        let tree = model.entityTree().map { "\(String(repeating: " ", count: $0.depth))\($0.entity.name)" }
        #expect(tree == ["Car", " SportCar", "  LuxuryCar", " Van", "Person"])
    }

    @Test func aParentCycleShowsEachEntityOnce() {
        // A and B name each other as parent; C names itself; D names one that does not exist.
        let model = CoreDataModel(source: .guessed, entities: [
            Self.entity("A", 1, parent: "B"), Self.entity("B", 2, parent: "A"), Self.entity("C", 3, parent: "C"),
            Self.entity("D", 4, parent: "Gone"),
        ], historyTables: [])
        let names = model.entityTree().map(\.entity.name)
        #expect(names.sorted() == ["A", "B", "C", "D"])
        #expect(model.entityTree().first { $0.entity.name == "D" }?.depth == 0)
    }

    /// `root(of:)`: the top of an entity's inheritance, and an end even in a parent cycle.
    @Test func theRootOfAnEntityIsTheTopOfItsInheritance() {
        let model = CoreDataModel(source: .guessed, entities: [
            Self.entity("Car", 1), Self.entity("LuxuryCar", 2, parent: "SportCar"), Self.entity("SportCar", 4, parent: "Car"),
            Self.entity("A", 5, parent: "B"), Self.entity("B", 6, parent: "A"), Self.entity("D", 7, parent: "Gone"),
        ], historyTables: [])
        func root(_ name: String) -> String? { model.entity(named: name).map { model.root(of: $0).name } }
        #expect(root("LuxuryCar") == "Car" && root("SportCar") == "Car" && root("Car") == "Car")
        #expect(root("D") == "D")
        #expect(root("A") == "B" && root("B") == "A")
    }
}
