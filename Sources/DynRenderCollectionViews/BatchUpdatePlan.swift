import Foundation

/// Why a batch update was refused; the collection view is left as it was.
///
/// ```swift
/// do { try grid.insertItems(at: [IndexPath(item: 99, section: 0)]) } catch let error as CollectionViewUpdateError {
///     print(error)   // the index path is out of range
/// }
/// ```
public enum CollectionViewUpdateError: Error, Equatable, CustomStringConvertible {
    /// A deletion of an item that does not exist before the update.
    case deletionOutOfRange(IndexPath, itemCount: Int)
    /// An insertion at a position that would not exist after the update.
    case insertionOutOfRange(IndexPath, itemCount: Int)
    /// The same index path inserted or deleted twice in one update.
    case duplicate(IndexPath)

    public var description: String {
        switch self {
        case let .deletionOutOfRange(path, count):
            return "cannot delete item \(path.item) of section \(path.section): the section has \(count) items"
        case let .insertionOutOfRange(path, count):
            return "cannot insert item \(path.item) into section \(path.section): it would have \(count) items after the update"
        case let .duplicate(path):
            return "item \(path.item) of section \(path.section) appears twice in one update"
        }
    }
}

/// A validated batch update: the new item counts and how old index paths map to new ones.
/// Deletions refer to positions before the update, insertions to positions after it, as in UIKit.
struct BatchUpdatePlan {
    let items: [CollectionViewUpdateItem]
    let deleted: [IndexPath]
    let inserted: [IndexPath]
    let newCounts: [Int]
    /// Per section, sorted deleted and inserted item numbers.
    private let deletedBySection: [Int: [Int]]
    private let insertedBySection: [Int: [Int]]

    init(updates: [CollectionViewUpdateItem], itemCounts: [Int]) throws {
        items = updates
        deleted = updates.compactMap(\.indexPathBeforeUpdate).sorted()
        inserted = updates.compactMap(\.indexPathAfterUpdate).sorted()
        for list in [deleted, inserted] {
            for (a, b) in zip(list, list.dropFirst()) where a == b { throw CollectionViewUpdateError.duplicate(a) }
        }
        var counts = itemCounts
        var deletedBySection: [Int: [Int]] = [:]
        for path in deleted {
            guard path.count == 2, counts.indices.contains(path.section),
                  (0..<itemCounts[path.section]).contains(path.item) else {
                let count = path.count == 2 && itemCounts.indices.contains(path.section) ? itemCounts[path.section] : 0
                throw CollectionViewUpdateError.deletionOutOfRange(path, itemCount: count)
            }
            counts[path.section] -= 1
            deletedBySection[path.section, default: []].append(path.item)
        }
        var insertedBySection: [Int: [Int]] = [:]
        for path in inserted where path.count == 2 && counts.indices.contains(path.section) {
            counts[path.section] += 1
            insertedBySection[path.section, default: []].append(path.item)
        }
        for path in inserted {
            let count = path.count == 2 && counts.indices.contains(path.section) ? counts[path.section] : 0
            guard path.count == 2, counts.indices.contains(path.section), (0..<count).contains(path.item) else {
                throw CollectionViewUpdateError.insertionOutOfRange(path, itemCount: count)
            }
        }
        newCounts = counts
        self.deletedBySection = deletedBySection
        self.insertedBySection = insertedBySection
    }

    /// Where the item at `old` (before the update) is afterwards; nil if it was deleted.
    func newIndexPath(for old: IndexPath) -> IndexPath? {
        var item = old.item
        if let deletions = deletedBySection[old.section] {
            if deletions.contains(item) { return nil }
            item -= deletions.prefix { $0 < old.item }.count
        }
        for insertion in insertedBySection[old.section] ?? [] where insertion <= item { item += 1 }
        return IndexPath(item: item, section: old.section)
    }
}
