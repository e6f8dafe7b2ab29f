import Foundation
import PackagePlugin

/// Compiles the files under `Resources/` (model, name pools, label tables) into the target
/// that reads them, through `embed-resources`: the binary needs no bundle and no checkout.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appendingPathComponent("Resources")
        var inputs: [URL] = []
        for folder in ["model", "names", "labels"] {
            let dir = root.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }.sorted()
            inputs += names.map { dir.appendingPathComponent($0) }
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedResources.swift")
        return [.buildCommand(
            displayName: "Embedding \(inputs.count) resource files",
            executable: try context.tool(named: "embed-resources").url,
            arguments: [output.path, root.path] + inputs.map(\.path),
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
