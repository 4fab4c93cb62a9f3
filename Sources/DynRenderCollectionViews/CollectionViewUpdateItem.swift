import Foundation

/// One insertion or deletion of a batch update, as a layout's
/// `prepare(forCollectionViewUpdates:)` receives it (UIKit's `UICollectionViewUpdateItem`).
///
/// ```swift
/// override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
///     for update in updateItems where update.updateAction == .insert { print("inserting", update) }
/// }
/// ```
public struct CollectionViewUpdateItem: Equatable, Sendable {
    /// Whether the item was inserted or deleted.
    ///
    /// ```swift
    /// let inserted = updateItems.filter { $0.updateAction == .insert }.count
    /// ```
    public enum Action: Sendable {
        /// The item was inserted.
        case insert
        /// The item was deleted.
        case delete
    }

    /// Whether this update inserts or deletes.
    public let updateAction: Action
    /// For a deletion: where the item was. Nil for an insertion.
    public let indexPathBeforeUpdate: IndexPath?
    /// For an insertion: where the item will be. Nil for a deletion.
    public let indexPathAfterUpdate: IndexPath?

    static func insert(_ indexPath: IndexPath) -> CollectionViewUpdateItem {
        CollectionViewUpdateItem(updateAction: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: indexPath)
    }

    static func delete(_ indexPath: IndexPath) -> CollectionViewUpdateItem {
        CollectionViewUpdateItem(updateAction: .delete, indexPathBeforeUpdate: indexPath, indexPathAfterUpdate: nil)
    }
}
