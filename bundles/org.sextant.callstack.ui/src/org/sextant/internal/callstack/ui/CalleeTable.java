// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.sextant.callstack.model.CallTree;

/**
 * The details of the sunburst's selected arc: its own and inclusive cost, and the functions it called on that path,
 * the costliest first, each with its own cost, its inclusive cost, and its share of the caller's and of everything.
 * Double-clicking a callee selects it in the sunburst.
 */
public class CalleeTable extends Composite {

    private final Label fTitle;
    private final Table fTable;
    private final List<CallTree.Node> fRows = new ArrayList<>();

    /**
     * @param parent
     *            the parent
     * @param open
     *            told the callee double-clicked
     */
    public CalleeTable(Composite parent, Consumer<CallTree.Node> open) {
        super(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        setLayout(layout);
        fTitle = new Label(this, SWT.WRAP);
        fTitle.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        fTable = new Table(this, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE);
        fTable.setHeaderVisible(true);
        fTable.setLinesVisible(true);
        fTable.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        String[] titles = { Messages.Details_Callee, Messages.Details_Self, Messages.Details_Inclusive, Messages.Details_OfParent, Messages.Details_OfTotal };
        for (int i = 0; i < titles.length; i++) {
            TableColumn column = new TableColumn(fTable, i == 0 ? SWT.LEFT : SWT.RIGHT);
            column.setText(titles[i]);
            column.setWidth(i == 0 ? 170 : 80);
        }
        fTable.addListener(SWT.DefaultSelection, e -> {
            int index = fTable.getSelectionIndex();
            if (index >= 0 && index < fRows.size()) {
                open.accept(fRows.get(index));
            }
        });
        show(null, ""); //$NON-NLS-1$
    }

    /**
     * @param node
     *            the selected node, or null
     * @param unit
     *            the unit of its costs
     */
    public void show(CallTree.@Nullable Node node, String unit) {
        fTable.removeAll();
        fRows.clear();
        if (node == null) {
            fTitle.setText(Messages.Details_None);
            layout(true);
            return;
        }
        CallTree.Node root = node;
        while (root.parent() != null) {
            root = root.parent();
        }
        long all = root.total();
        fTitle.setText(node.children().isEmpty() ? String.format(Messages.Details_NoCallees, node.name(), node.total(), unit)
                : String.format(Messages.Details_Selected, node.name(), node.total(), unit, percent(node.total(), all), node.self()));
        node.children().stream().sorted(Comparator.comparingLong(CallTree.Node::total).reversed()).forEach(child -> {
            TableItem item = new TableItem(fTable, SWT.NONE);
            item.setText(new String[] { child.name(), String.format("%,d", child.self()), String.format("%,d", child.total()), //$NON-NLS-1$ //$NON-NLS-2$
                    String.format("%.1f", percent(child.total(), node.total())), String.format("%.1f", percent(child.total(), all)) }); //$NON-NLS-1$ //$NON-NLS-2$
            fRows.add(child);
        });
        layout(true);
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    /** @return the table of callees */
    public Table getTable() {
        return fTable;
    }

    /** @return the line above the table */
    public String getTitle() {
        return fTitle.getText();
    }
}
